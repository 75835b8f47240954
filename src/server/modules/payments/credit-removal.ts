import type { LedgerKind } from "../../../shared/api/credits";
import type { Money } from "../../../shared/money";
import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";
import { heldByLiveCalls, lockBalance, postLedgerEntry } from "../credits/ledger";

/**
 * The credit that money given back on a payment had bought: the share `amount / paid` of
 * everything the payment credited (its credit and its bonus), in exact integer arithmetic,
 * rounded down. Counted cumulatively (what all refunds so far bought minus what the earlier
 * ones bought), so partial refunds that add up to the whole payment take off exactly its
 * whole credit, never a ten-thousandth more or less.
 */
export function creditBoughtBy(payment: { paid: Money; credited: Money }, before: Money, amount: Money): Money {
  if (payment.paid <= 0) return 0;
  const share = (money: Money) => Number((BigInt(money) * BigInt(payment.credited)) / BigInt(payment.paid));
  return share(before + amount) - share(before);
}

export interface CreditTaken {
  /** What the ledger row took off. */
  removed: Money;
  /** What it should have taken but the customer no longer had. */
  shortfall: Money;
}

/**
 * Takes up to `wanted` off the customer's balance with one ledger row (negative amount,
 * reference = the refund or dispute id), but never more than is left: the balance minus
 * what live calls may still cost. The balance row is locked first, so nothing moves it between
 * reading it and posting. A row of 0 is still written when nothing is left, so the ledger
 * shows the refund happened. Call inside the transaction of the change that causes it.
 */
export async function takeCredit(
  tx: Executor,
  bus: BusPublisher,
  entry: { userId: string; kind: Extract<LedgerKind, "refund" | "dispute">; reference: string; wanted: Money; note: string; createdBy: string | null },
): Promise<CreditTaken> {
  const balance = await lockBalance(tx, entry.userId);
  const held = await heldByLiveCalls(tx, entry.userId);
  const left = Math.max(0, balance - held);
  const removed = Math.min(entry.wanted, left);
  await postLedgerEntry(tx, { userId: entry.userId, kind: entry.kind, reference: entry.reference, amount: removed === 0 ? 0 : -removed, note: entry.note, createdBy: entry.createdBy }, bus);
  return { removed, shortfall: entry.wanted - removed };
}
