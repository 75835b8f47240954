import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { DiscountKind, RedemptionStatus } from "../../../shared/api/discounts";
import { user } from "./auth";
import { payments } from "./payments";

/**
 * A discount code an admin made: either extra credit on a purchase (`bonus`, a `bonus`
 * ledger row when the payment lands) or a lower price for the same credit (`percent_off`).
 * `redeemed_count` counts live redemptions (reserved or redeemed) and is raised with a
 * conditional UPDATE, so the last use of a code goes to exactly one buyer.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    /** Ours ("dsc_…"). */
    id: text("id").primaryKey(),
    /** Canonical form: trimmed, upper case (canonicalDiscountCode). */
    code: text("code").notNull(),
    kind: text("kind").$type<DiscountKind>().notNull(),
    /** Whole percent: of the credit as bonus, or off the price. */
    percent: integer("percent").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Total redemptions allowed; null = unlimited. */
    maxRedemptions: integer("max_redemptions"),
    /** Redemptions allowed per customer; null = unlimited. */
    maxPerCustomer: integer("max_per_customer").default(1),
    minPurchaseUsd: numeric("min_purchase_usd", { precision: 14, scale: 4 }).notNull().default("0"),
    redeemedCount: integer("redeemed_count").notNull().default(0),
    paused: boolean("paused").notNull().default(false),
    /** Deleted codes stay for the payments that used them, but no longer redeem or list. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("discount_codes_code_live_idx").on(table.code).where(sql`${table.deletedAt} is null`),
    check("discount_codes_kind_check", sql`${table.kind} in ('bonus', 'percent_off')`),
    check("discount_codes_percent_check", sql`${table.percent} between 1 and 100`),
    check(
      "discount_codes_limits_check",
      sql`(${table.maxRedemptions} is null or ${table.maxRedemptions} >= 1) and (${table.maxPerCustomer} is null or ${table.maxPerCustomer} >= 1) and ${table.minPurchaseUsd} >= 0 and ${table.redeemedCount} >= 0`,
    ),
    check("discount_codes_window_check", sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.startsAt} < ${table.endsAt}`),
  ],
);

/**
 * One use of a code by one payment: `reserved` when the checkout starts (it counts
 * against the limits), `redeemed` when the payment lands, `released` when it fails or
 * expires (the use goes back to the code).
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    discountId: text("discount_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    status: text("status").$type<RedemptionStatus>().notNull().default("reserved"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("discount_redemptions_payment_idx").on(table.paymentId),
    index("discount_redemptions_discount_user_idx").on(table.discountId, table.userId),
    check("discount_redemptions_status_check", sql`${table.status} in ('reserved', 'redeemed', 'released')`),
  ],
);
