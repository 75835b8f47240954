import { sql } from "drizzle-orm";
import { boolean, check, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * What a customer controls about their own spending; no row means neither control is set.
 * `lowBalanceAlerted` is the state of the low-balance email: set in the ledger's transaction
 * when the balance falls under `lowBalanceAlertUsd` (the email is queued then, once), cleared
 * when it is back at or above it, so a customer hears once per crossing, not once per call.
 */
export const spendingSettings = pgTable(
  "spending_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The most a UTC day's calls may cost; null: no limit. */
    dailyLimitUsd: numeric("daily_limit_usd", { precision: 14, scale: 4 }),
    /** Email when the balance falls under this; null: no email. */
    lowBalanceAlertUsd: numeric("low_balance_alert_usd", { precision: 14, scale: 4 }),
    lowBalanceAlerted: boolean("low_balance_alerted").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("spending_settings_daily_limit_check", sql`${table.dailyLimitUsd} is null or ${table.dailyLimitUsd} > 0`),
    check("spending_settings_low_balance_check", sql`${table.lowBalanceAlertUsd} is null or ${table.lowBalanceAlertUsd} > 0`),
  ],
);
