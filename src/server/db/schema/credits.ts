import { sql } from "drizzle-orm";
import { bigserial, check, index, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { LedgerKind } from "../../../shared/api/credits";
import { user } from "./auth";

/**
 * Every change to a prepaid balance, one row each, never updated or deleted:
 * the balance is the sum of an account's rows. (kind, reference) is unique so a
 * redelivered event (a call's completion, a payment) cannot be counted twice.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").$type<LedgerKind>().notNull(),
    /** What the row is for: a call's sid, a payment's id, an adjustment's own id. */
    reference: text("reference").notNull(),
    /** Signed USD: negative for a call's cost. */
    amount: numeric("amount", { precision: 14, scale: 4 }).notNull(),
    /** The account's balance once this row was applied, for people reading the ledger. */
    balanceAfter: numeric("balance_after", { precision: 14, scale: 4 }).notNull(),
    note: text("note"),
    /** Who made it: an admin's email for an adjustment, "server" for a call. */
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ledger_entries_kind_reference_idx").on(table.kind, table.reference),
    index("ledger_entries_user_id_created_at_idx").on(table.userId, table.createdAt),
    check("ledger_entries_kind_check", sql`${table.kind} in ('call', 'admin_adjustment', 'purchase', 'bonus', 'refund', 'dispute', 'dispute_reversal', 'call_credit')`),
  ],
);

/** The running balance per account (the spec's profiles.credits_usd), always equal to the sum of its ledger rows. */
export const creditBalances = pgTable(
  "credit_balances",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    balance: numeric("balance", { precision: 14, scale: 4 }).notNull().default("0"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The last line of defence: an entry that would take a balance below zero fails with its transaction.
  (table) => [check("credit_balances_not_negative_check", sql`${table.balance} >= 0`)],
);
