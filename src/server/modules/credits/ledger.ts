import { and, eq, inArray, sql } from "drizzle-orm";
import { callCost } from "../../../shared/billing";
import type { LedgerKind } from "../../../shared/api/credits";
import { assertMoney, moneyToDecimal, parseMoney, type Money } from "../../../shared/money";
import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";
import { callLogs } from "../../db/schema/calls";
import { creditBalances, ledgerEntries } from "../../db/schema/credits";
import { LIVE_CALL_STATUSES } from "../calls/call-status";
import { publishUserEvent } from "../events/user-events";
import { followLowBalance } from "./low-balance";

export interface LedgerEntryInput {
  userId: string;
  kind: LedgerKind;
  /** Unique per kind: a call's sid, a payment's id, an adjustment's own id. A second entry with the same (kind, reference) changes nothing. */
  reference: string;
  /** Signed: negative takes money off the balance. */
  amount: Money;
  note?: string | null;
  createdBy?: string | null;
}

export type PostedEntry =
  | { posted: true; entryId: number; balance: Money }
  /** (kind, reference) was already in the ledger: nothing was written; `balance` is the balance as it is. */
  | { posted: false; duplicate: true; balance: Money };

/**
 * Changes a balance the only way it may change: one ledger row (with the balance
 * after it), the running balance moved by the same amount, the low-balance email's
 * state (low-balance.ts: queued when the balance falls under the customer's amount) and
 * a `balance` event, all in the caller's transaction `tx`, so they commit together or not at all.
 *
 * The account's credit_balances row is locked first, so entries for one account
 * apply one after another and each row's balance_after is exact; the balance is
 * moved relatively (balance + amount), never written from a value read earlier.
 * Lock order for callers: their own rows (the call log) first, then this, and
 * publish nothing else for the user after it (publishUserEvent holds a per-user lock).
 */
export async function postLedgerEntry(tx: Executor, entry: LedgerEntryInput, bus: BusPublisher): Promise<PostedEntry> {
  assertMoney(entry.amount);
  return tx.transaction(async (inner) => {
    // Creates the row at 0 or, when it exists, locks it (DO UPDATE waits for a concurrent entry to commit
    // and then reads its result): either way one statement returns the balance this entry starts from.
    const [locked] = await inner
      .insert(creditBalances)
      .values({ userId: entry.userId, balance: "0" })
      .onConflictDoUpdate({ target: creditBalances.userId, set: { userId: sql`excluded.user_id` } })
      .returning({ balance: creditBalances.balance });
    if (!locked) throw new Error(`no balance row for user ${entry.userId}`);
    const before = parseMoney(locked.balance);
    const after = before + entry.amount;
    assertMoney(after);
    if (after < 0) {
      // A repeated entry is still a harmless duplicate; a new one may not take the balance below zero
      // (credit_balances' check would refuse it too, with a database error instead of this one).
      const [earlier] = await inner
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.kind, entry.kind), eq(ledgerEntries.reference, entry.reference)));
      if (earlier) return { posted: false, duplicate: true, balance: before };
      throw new BalanceBelowZeroError(before, after);
    }

    const [inserted] = await inner
      .insert(ledgerEntries)
      .values({
        userId: entry.userId,
        kind: entry.kind,
        reference: entry.reference,
        amount: moneyToDecimal(entry.amount),
        balanceAfter: moneyToDecimal(after),
        note: entry.note ?? null,
        createdBy: entry.createdBy ?? null,
      })
      .onConflictDoNothing({ target: [ledgerEntries.kind, ledgerEntries.reference] })
      .returning({ id: ledgerEntries.id });
    if (!inserted) return { posted: false, duplicate: true, balance: before };

    const [moved] = await inner
      .update(creditBalances)
      .set({ balance: sql`${creditBalances.balance} + ${moneyToDecimal(entry.amount)}::numeric`, updatedAt: sql`now()` })
      .where(eq(creditBalances.userId, entry.userId))
      .returning({ balance: creditBalances.balance });
    if (!moved) throw new Error(`the balance row of user ${entry.userId} vanished`);
    const balance = parseMoney(moved.balance);
    await followLowBalance(inner, entry.userId, balance);
    await publishUserEvent(bus, inner, entry.userId, "balance", { balance: moneyToDecimal(balance) });
    return { posted: true, entryId: inserted.id, balance };
  });
}

/** An entry would have taken the balance below zero: nothing was written. Callers take less, or refuse. */
export class BalanceBelowZeroError extends Error {
  override name = "BalanceBelowZeroError";
  constructor(
    readonly balance: Money,
    /** What the balance would have become. */
    readonly wouldBe: Money,
  ) {
    super(`the entry would take the balance from ${moneyToDecimal(balance)} to ${moneyToDecimal(wouldBe)}`);
  }
}

/** The account's balance (0 before its first ledger row). */
export async function getBalance(executor: Executor, userId: string): Promise<Money> {
  const [row] = await executor.select({ balance: creditBalances.balance }).from(creditBalances).where(eq(creditBalances.userId, userId));
  return row ? parseMoney(row.balance) : 0;
}

/**
 * The balance, with the account's balance row locked until the transaction ends. The gate
 * reads it this way: postLedgerEntry locks the same row, so an adjustment and the admission
 * of a call run one after the other, and each sees what the other did (the adjustment sees
 * the new live call it must leave room for; the gate sees the reduced balance).
 */
export async function lockBalance(executor: Executor, userId: string): Promise<Money> {
  const [row] = await executor.select({ balance: creditBalances.balance }).from(creditBalances).where(eq(creditBalances.userId, userId)).for("update");
  return row ? parseMoney(row.balance) : 0;
}

/** The sum of the account's ledger rows: what the balance must always equal (tests and the drift check). */
export async function ledgerSum(executor: Executor, userId: string): Promise<Money> {
  const [row] = await executor
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::numeric(14,4)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return parseMoney(row?.sum ?? "0");
}

/**
 * What the account's live outgoing calls may still cost: each is billed at most its
 * time limit at its frozen rate when it ends. Credit taken off by hand must leave at
 * least this much, or the call's settlement would take the balance below zero.
 */
export async function heldByLiveCalls(executor: Executor, userId: string): Promise<Money> {
  const live = await executor
    .select({ rate: callLogs.ratePerMin, limit: callLogs.timeLimitSeconds })
    .from(callLogs)
    .where(and(eq(callLogs.userId, userId), eq(callLogs.direction, "outbound"), inArray(callLogs.status, LIVE_CALL_STATUSES)));
  return live.reduce((sum, call) => sum + callCost(call.limit, parseMoney(call.rate)), 0);
}
