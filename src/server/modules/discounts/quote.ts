import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DiscountKind, DiscountRefusal } from "../../../shared/api/discounts";
import type { PurchaseQuote } from "../../../shared/api/purchase-quote";
import { moneyToDecimal, parseMoney, type Money } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { discountCodes, discountRedemptions } from "../../db/schema/discounts";

type DiscountRow = typeof discountCodes.$inferSelect;

/** What a purchase charges and credits, in Money. */
export interface PurchaseTerms {
  requested: Money;
  pay: Money;
  credit: Money;
  bonus: Money;
}

/** One cent in Money (ten-thousandths of a dollar). */
const CENT = 100;

/**
 * The price and credit of `requested` under a code. A bonus adds P% of the credit,
 * rounded down to the 1/10000 (we never give more than promised); a price cut charges
 * (100−P)% of the amount rounded to whole cents, half up (a card charges cents).
 */
export function applyDiscount(requested: Money, discount: { kind: DiscountKind; percent: number } | null): PurchaseTerms {
  if (!discount) return { requested, pay: requested, credit: requested, bonus: 0 };
  if (discount.kind === "bonus") {
    return { requested, pay: requested, credit: requested, bonus: Math.floor((requested * discount.percent) / 100) };
  }
  // requested × (100−P) / 100 in Money, then to cents: ÷ 100 again; + half a cent's worth rounds half up.
  const scaled = requested * (100 - discount.percent);
  const cents = Math.floor((scaled + 50 * CENT) / (100 * CENT));
  return { requested, pay: cents * CENT, credit: requested, bonus: 0 };
}

/**
 * Why this code does not apply to this purchase now, or null when it does. The checks
 * run in a fixed order so a customer hears the most basic reason first.
 * `customerUses` is this customer's live (reserved or redeemed) uses of the code.
 */
export function refusalOf(row: DiscountRow | undefined, requested: Money, customerUses: number, now: Date): DiscountRefusal | null {
  if (!row || row.deletedAt !== null) return "not_found";
  if (row.paused) return "paused";
  if (row.startsAt !== null && now < row.startsAt) return "not_started";
  if (row.endsAt !== null && now >= row.endsAt) return "expired";
  if (requested < parseMoney(row.minPurchaseUsd)) return "below_minimum";
  if (row.maxRedemptions !== null && row.redeemedCount >= row.maxRedemptions) return "used_up";
  if (row.maxPerCustomer !== null && customerUses >= row.maxPerCustomer) return "already_used";
  return null;
}

/** The live code with this canonical text; `lock` holds its row until the transaction ends (a checkout's reservation). */
export async function findLiveCode(executor: Pick<Executor, "select">, code: string, lock = false): Promise<DiscountRow | undefined> {
  const query = executor
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code), isNull(discountCodes.deletedAt)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** This customer's live uses of a code: reservations of checkouts in progress and paid redemptions. */
export async function customerUses(executor: Pick<Executor, "select">, discountId: string, userId: string): Promise<number> {
  const [row] = await executor
    .select({ uses: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.discountId, discountId), eq(discountRedemptions.userId, userId), inArray(discountRedemptions.status, ["reserved", "redeemed"])));
  return row?.uses ?? 0;
}

/** A quote, its code's row (when the code applies) and why it does not (when it does not). */
export interface EvaluatedPurchase {
  terms: PurchaseTerms;
  discount: DiscountRow | null;
  refusal: DiscountRefusal | null;
  /** The refused code's minimum purchase, for a below_minimum refusal. */
  minPurchase: Money | null;
}

/**
 * Evaluates a purchase of `amount` with an optional canonical code. With `lock`, the
 * code's row is locked first, so the answer holds until the caller's transaction ends:
 * the checkout reserves under that lock, and concurrent checkouts of the code queue.
 */
export async function evaluatePurchase(
  executor: Pick<Executor, "select">,
  input: { userId: string; amount: Money; code?: string | undefined; now: Date; lock?: boolean },
): Promise<EvaluatedPurchase> {
  if (input.code === undefined) return { terms: applyDiscount(input.amount, null), discount: null, refusal: null, minPurchase: null };
  const row = await findLiveCode(executor, input.code, input.lock ?? false);
  const uses = row ? await customerUses(executor, row.id, input.userId) : 0;
  const refusal = refusalOf(row, input.amount, uses, input.now);
  if (refusal !== null || !row) {
    return {
      terms: applyDiscount(input.amount, null),
      discount: null,
      refusal: refusal ?? "not_found",
      minPurchase: refusal === "below_minimum" && row ? parseMoney(row.minPurchaseUsd) : null,
    };
  }
  return { terms: applyDiscount(input.amount, row), discount: row, refusal: null, minPurchase: null };
}

/** The purchase-quote answer: what the phone page previews and the checkout charges. */
export async function quotePurchase(
  executor: Pick<Executor, "select">,
  input: { userId: string; amount: Money; code?: string | undefined; now: Date },
): Promise<PurchaseQuote> {
  const evaluated = await evaluatePurchase(executor, input);
  return toPurchaseQuote(evaluated);
}

export function toPurchaseQuote({ terms, discount, refusal, minPurchase }: EvaluatedPurchase): PurchaseQuote {
  return {
    requested: moneyToDecimal(terms.requested),
    pay: moneyToDecimal(terms.pay),
    credit: moneyToDecimal(terms.credit),
    bonus: moneyToDecimal(terms.bonus),
    totalCredit: moneyToDecimal(terms.credit + terms.bonus),
    discount: discount ? { code: discount.code, kind: discount.kind, percent: discount.percent } : null,
    refusal: refusal ? { reason: refusal, minPurchase: minPurchase === null ? null : moneyToDecimal(minPurchase) } : null,
  };
}
