import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { DisputeStatus, RefundStatus } from "../../../shared/api/admin-payments";
import { user } from "./auth";
import { payments } from "./payments";

/**
 * Money given back on a payment: asked of the provider first (an admin's refund) or
 * reported by it (a refund made in the provider's dashboard), then a `refund` ledger row
 * (reference = this id) taking off the credit it bought, never more than the balance has.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    /** Ours ("rfd_…"): the `refund` ledger row's reference. */
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    /** Money returned to the card, USD. */
    amountUsd: numeric("amount_usd", { precision: 14, scale: 4 }).notNull(),
    /** Credit the ledger took off for it (may be less than the credit it bought: never below zero). */
    creditRemovedUsd: numeric("credit_removed_usd", { precision: 14, scale: 4 }).notNull().default("0"),
    reason: text("reason").notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    /** The provider's refund id (Stripe's re_…), unique so its event applies once. */
    providerRefundId: text("provider_refund_id"),
    failureReason: text("failure_reason"),
    /** The admin who asked; null when the provider reported a refund made elsewhere. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("payment_refunds_provider_refund_id_idx").on(table.providerRefundId),
    index("payment_refunds_payment_id_idx").on(table.paymentId),
    check("payment_refunds_status_check", sql`${table.status} in ('pending', 'succeeded', 'failed')`),
    check("payment_refunds_amounts_check", sql`${table.amountUsd} > 0 and ${table.creditRemovedUsd} >= 0`),
  ],
);

/**
 * A cardholder's dispute (chargeback) of a payment, from the provider's events: the
 * disputed credit is taken off when it opens (`dispute` ledger row, never below zero) and
 * given back if we win (`dispute_reversal`).
 */
export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    /** The provider's dispute id (Stripe's dp_…). */
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountUsd: numeric("amount_usd", { precision: 14, scale: 4 }).notNull(),
    creditRemovedUsd: numeric("credit_removed_usd", { precision: 14, scale: 4 }).notNull().default("0"),
    reason: text("reason"),
    status: text("status").$type<DisputeStatus>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("payment_disputes_payment_id_idx").on(table.paymentId),
    check("payment_disputes_status_check", sql`${table.status} in ('open', 'won', 'lost')`),
  ],
);
