import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { PaymentProviderName, PaymentStatus } from "../../../shared/api/payments";
import { user } from "./auth";

/**
 * One purchase of credit, from the checkout the customer started to the provider's
 * signed verdict. Created `pending` before the customer is sent to the provider; only
 * the provider's signed completion event moves it to `succeeded`, in the same
 * transaction as its `purchase` ledger row (reference = this id).
 */
export const payments = pgTable(
  "payments",
  {
    /** Ours ("pay_…"): the ledger rows' reference and the provider's client_reference_id. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    /** The provider's id of the checkout (Stripe's Checkout Session id); null only while it is being created. */
    providerPaymentId: text("provider_payment_id"),
    /** What the customer pays, USD. */
    amountUsd: numeric("amount_usd", { precision: 14, scale: 4 }).notNull(),
    /** What the purchase credits (the `purchase` ledger row), USD. */
    creditUsd: numeric("credit_usd", { precision: 14, scale: 4 }).notNull(),
    /** Extra credit from a discount code (a `bonus` ledger row), USD. */
    bonusUsd: numeric("bonus_usd", { precision: 14, scale: 4 }).notNull().default("0"),
    currency: text("currency").notNull().default("usd"),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    /** Why a payment failed or was cancelled (the provider's words), for the customer and the back office. */
    failureReason: text("failure_reason"),
    /** Receipt details from the provider's completion event. */
    receiptEmail: text("receipt_email"),
    /** The discount code the purchase used (its price or bonus is already in the amounts above). */
    discountId: text("discount_id"),
    /** The code as the customer typed it, canonical, for receipts (the code may be deleted later). */
    discountCode: text("discount_code"),
    /** Money given back so far (sum of succeeded refunds), USD. */
    refundedUsd: numeric("refunded_usd", { precision: 14, scale: 4 }).notNull().default("0"),
    /** The provider's charge or payment intent, for refunds and the receipt. */
    providerChargeId: text("provider_charge_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("payments_provider_payment_id_idx").on(table.providerPaymentId),
    index("payments_user_id_created_at_idx").on(table.userId, table.createdAt),
    // Every customer's payments newest first (the dashboard's latest) and a period's sales.
    index("payments_created_at_idx").on(table.createdAt, table.id),
    check("payments_provider_check", sql`${table.provider} in ('stripe', 'local')`),
    check("payments_status_check", sql`${table.status} in ('pending', 'succeeded', 'failed', 'cancelled', 'refunded', 'partially_refunded')`),
    check("payments_amounts_check", sql`${table.amountUsd} > 0 and ${table.creditUsd} >= 0 and ${table.bonusUsd} >= 0`),
    check("payments_refunded_check", sql`${table.refundedUsd} >= 0 and ${table.refundedUsd} <= ${table.amountUsd}`),
  ],
);
