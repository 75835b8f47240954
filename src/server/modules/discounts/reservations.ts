import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { DiscountRefusal } from "../../../shared/api/discounts";
import { moneyToFixed, type Money } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { discountCodes, discountRedemptions } from "../../db/schema/discounts";
import { payments } from "../../db/schema/payments";
import { AppError } from "../../http/app-error";

/** The English words of a refusal (the web shows errors.discount_<reason> in the reader's language). */
export function refusalError(reason: DiscountRefusal, minPurchase: Money | null): AppError {
  const messages: Record<DiscountRefusal, string> = {
    not_found: "This discount code does not exist. Check the spelling.",
    paused: "This discount code is paused at the moment.",
    not_started: "This discount code is not valid yet.",
    expired: "This discount code has expired.",
    below_minimum: minPurchase === null ? "The purchase is below this code's minimum." : `This code needs a purchase of at least $${moneyToFixed(minPurchase, 2)}.`,
    used_up: "This discount code has been used up.",
    already_used: "You have already used this discount code.",
  };
  return new AppError(409, `discount_${reason}`, messages[reason]);
}

/**
 * Takes one use of a code for a payment, inside the checkout's transaction (after the
 * code's row was locked and the quote evaluated under that lock). The count is raised
 * by a conditional UPDATE that re-checks every limit, so even without the lock the
 * last use could go to one buyer only. Answers false when the code no longer applies.
 */
export async function reserveRedemption(tx: Executor, input: { discountId: string; userId: string; paymentId: string; now: Date }): Promise<boolean> {
  const [taken] = await tx
    .update(discountCodes)
    .set({ redeemedCount: sql`${discountCodes.redeemedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, input.discountId),
        or(isNull(discountCodes.maxRedemptions), sql`${discountCodes.redeemedCount} < ${discountCodes.maxRedemptions}`),
        eq(discountCodes.paused, false),
        isNull(discountCodes.deletedAt),
        or(isNull(discountCodes.startsAt), lte(discountCodes.startsAt, input.now)),
        or(isNull(discountCodes.endsAt), gt(discountCodes.endsAt, input.now)),
      ),
    )
    .returning({ id: discountCodes.id });
  if (!taken) return false;
  await tx.insert(discountRedemptions).values({ discountId: input.discountId, userId: input.userId, paymentId: input.paymentId, status: "reserved" });
  return true;
}

/** The payment landed: its reservation becomes a redemption (the use stays counted). Call in the payment's transaction. */
export async function redeemReservation(tx: Executor, paymentId: string): Promise<void> {
  await tx
    .update(discountRedemptions)
    .set({ status: "redeemed", updatedAt: sql`now()` })
    .where(and(eq(discountRedemptions.paymentId, paymentId), eq(discountRedemptions.status, "reserved")));
}

/**
 * The payment failed or expired: its reservation is released and the use given back
 * to the code, once (only a `reserved` row moves, so a repeat finds nothing to give back).
 * Call in the transaction that fails the payment.
 */
export async function releaseReservation(tx: Executor, paymentId: string): Promise<boolean> {
  const [released] = await tx
    .update(discountRedemptions)
    .set({ status: "released", updatedAt: sql`now()` })
    .where(and(eq(discountRedemptions.paymentId, paymentId), eq(discountRedemptions.status, "reserved")))
    .returning({ discountId: discountRedemptions.discountId });
  if (!released) return false;
  await tx
    .update(discountCodes)
    .set({ redeemedCount: sql`greatest(${discountCodes.redeemedCount} - 1, 0)` })
    .where(eq(discountCodes.id, released.discountId));
  return true;
}

/** How long a local checkout may stay unpaid before its payment fails and its code's use goes back. */
export const STALE_CHECKOUT_MS = 24 * 60 * 60 * 1000;

/**
 * The local checkout sends no expiry event (Stripe's sessions expire after 24 hours and
 * say so through the webhook), so its payments still pending a day later are failed
 * here, each in its own transaction with its reservation released. The payment's row
 * is locked and must still be pending, as in the webhook, so a payment completing at
 * the same moment is either credited or failed, never both. Answers how many failed.
 */
export async function expireStaleLocalCheckouts(db: Pick<Executor, "select" | "transaction">, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - STALE_CHECKOUT_MS);
  const stale = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, "local"), eq(payments.status, "pending"), lte(payments.createdAt, cutoff)))
    .limit(500);
  let failed = 0;
  for (const { id } of stale) {
    const done = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, id))
        .for("update");
      if (locked?.status !== "pending") return false;
      await tx
        .update(payments)
        .set({ status: "failed", completedAt: sql`now()`, failureReason: "The checkout expired before it was paid" })
        .where(eq(payments.id, id));
      await releaseReservation(tx, id);
      return true;
    });
    if (done) failed += 1;
  }
  return failed;
}
