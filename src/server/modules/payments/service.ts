import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Payment } from "../../../shared/api/payments";
import { moneyToDecimal, parseMoney, type Money } from "../../../shared/money";
import type { BusPublisher } from "../../db/bus";
import type { Database, Executor } from "../../db/client";
import { user } from "../../db/schema/auth";
import { payments } from "../../db/schema/payments";
import { AppError } from "../../http/app-error";
import { PaymentProviderError, type PaymentsProvider } from "../../providers/payments/provider";
import { PermanentWebhookError, type WebhookResult } from "../../webhooks/webhook";
import { postLedgerEntry } from "../credits/ledger";
import { evaluatePurchase } from "../discounts/quote";
import { redeemReservation, refusalError, releaseReservation, reserveRedemption } from "../discounts/reservations";

export interface PaymentsDeps {
  db: Database;
  bus: BusPublisher;
  provider: PaymentsProvider;
  publicUrl: string;
  minAmount: Money;
  maxAmount: Money;
}

export function newPaymentId(): string {
  return `pay_${randomBytes(12).toString("hex")}`;
}

/**
 * Starts a purchase: the amount is checked against the configured bounds, then, in one
 * transaction, the quote is evaluated (quotePurchase's rules, the code's row locked so
 * concurrent checkouts of one code queue), the code's use reserved and a pending payment
 * written at that quote's price, credit and bonus. A refused code answers 409
 * `discount_<reason>` and writes nothing. Then the provider makes its checkout for the
 * price to pay. Nothing is credited here.
 */
export async function startCheckout(
  deps: PaymentsDeps,
  userId: string,
  input: { amount: string; code?: string | undefined; lang?: string | undefined },
): Promise<{ paymentId: string; provider: PaymentsProvider["name"]; url: string }> {
  const amount = parseMoney(input.amount);
  assertAmountInRange(deps, amount);
  const [owner] = await deps.db.select({ email: user.email, banned: user.banned }).from(user).where(eq(user.id, userId));
  // A banned account buys nothing (decision 039); its sessions are gone, so this is the last word for a request already on its way.
  if (owner?.banned) throw new AppError(403, "account_banned", "This account is suspended. Please contact support.");
  const paymentId = newPaymentId();
  const terms = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const evaluated = await evaluatePurchase(tx, { userId, amount, code: input.code, now, lock: true });
    if (evaluated.refusal) throw refusalError(evaluated.refusal, evaluated.minPurchase);
    await tx.insert(payments).values({
      id: paymentId,
      userId,
      provider: deps.provider.name,
      amountUsd: moneyToDecimal(evaluated.terms.pay),
      creditUsd: moneyToDecimal(evaluated.terms.credit),
      bonusUsd: moneyToDecimal(evaluated.terms.bonus),
      ...(evaluated.discount ? { discountId: evaluated.discount.id, discountCode: evaluated.discount.code } : {}),
    });
    if (evaluated.discount && !(await reserveRedemption(tx, { discountId: evaluated.discount.id, userId, paymentId, now }))) {
      // Under the row lock the quote's checks already passed; the conditional update is the last word.
      throw refusalError("used_up", null);
    }
    return evaluated.terms;
  });
  const lang = input.lang ?? "en";
  try {
    const checkout = await deps.provider.createCheckout({
      paymentId,
      userId,
      amount: terms.pay,
      successUrl: `${deps.publicUrl}/${lang}/payment-success?payment=${paymentId}`,
      cancelUrl: `${deps.publicUrl}/${lang}/phone?cancelled=${paymentId}`,
      ...(owner ? { email: owner.email } : {}),
    });
    await deps.db.update(payments).set({ providerPaymentId: checkout.providerPaymentId }).where(eq(payments.id, paymentId));
    return { paymentId, provider: deps.provider.name, url: checkout.url };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await deps.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(payments)
        .set({ status: "failed", failureReason: reason.slice(0, 500), completedAt: sql`now()` })
        .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")))
        .returning({ id: payments.id });
      if (failed) await releaseReservation(tx, paymentId);
    });
    if (error instanceof PaymentProviderError) {
      throw new AppError(503, "payment_provider_unavailable", "The payment service could not be reached. Please try again in a moment.");
    }
    throw error;
  }
}

/** The purchase bounds (PAYMENT_MIN_USD..PAYMENT_MAX_USD), for the checkout and its quote alike. */
export function assertAmountInRange(bounds: Pick<PaymentsDeps, "minAmount" | "maxAmount">, amount: Money): void {
  if (amount < bounds.minAmount || amount > bounds.maxAmount) {
    throw new AppError(
      400,
      "amount_out_of_range",
      `Choose an amount from $${moneyToDecimal(bounds.minAmount).slice(0, -2)} to $${moneyToDecimal(bounds.maxAmount).slice(0, -2)}`,
    );
  }
}

/** The customer's own payments, newest first. */
export async function listOwnPayments(db: Database, userId: string): Promise<Payment[]> {
  const rows = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(500);
  return rows.map(toPayment);
}

export function toPayment(row: typeof payments.$inferSelect): Payment {
  return {
    id: row.id,
    provider: row.provider,
    amount: moneyToDecimal(parseMoney(row.amountUsd)),
    credit: moneyToDecimal(parseMoney(row.creditUsd)),
    bonus: moneyToDecimal(parseMoney(row.bonusUsd)),
    refunded: moneyToDecimal(parseMoney(row.refundedUsd)),
    discountCode: row.discountCode,
    currency: row.currency,
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** What a checkout session's event tells us (Stripe's Checkout Session, or the local checkout's copy of it). */
export interface CheckoutSessionFacts {
  sessionId: string;
  paymentId: string | null;
  amountCents: number | null;
  currency: string | null;
  paymentStatus: string | null;
  email: string | null;
  chargeId: string | null;
  failureMessage: string | null;
  /** The customer cancelled the session (the local checkout's `cancellation_reason`); Stripe's sessions only expire. */
  cancelledByCustomer: boolean;
}

/**
 * The provider says the session is paid: the payment moves pending → succeeded and its
 * credit is posted (`purchase`, and `bonus` when it has one; reference = payment id),
 * in the webhook's transaction. Once per payment: the row is locked and must still be
 * pending, and the ledger's (kind, reference) is unique besides. A session that names no
 * payment of ours, or a different amount, is refused for good (nothing credited).
 */
export async function completePayment(tx: Executor, bus: BusPublisher, provider: PaymentsProvider["name"], session: CheckoutSessionFacts): Promise<WebhookResult> {
  const payment = await lockPayment(tx, provider, session);
  if (payment.status !== "pending") return { outcome: "ignored" };
  const amount = parseMoney(payment.amountUsd);
  if (session.amountCents === null || session.amountCents * 100 !== amount || (session.currency ?? "usd").toLowerCase() !== payment.currency) {
    throw new PermanentWebhookError(
      `payment ${payment.id} is for ${payment.amountUsd} ${payment.currency} but the session was paid ${String(session.amountCents)} cents ${String(session.currency)}`,
    );
  }
  const [updated] = await tx
    .update(payments)
    .set({
      status: "succeeded",
      completedAt: sql`now()`,
      providerPaymentId: session.sessionId,
      receiptEmail: session.email,
      providerChargeId: session.chargeId,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")))
    .returning({ id: payments.id });
  if (!updated) return { outcome: "ignored" };
  await redeemReservation(tx, payment.id);
  await postLedgerEntry(tx, { userId: payment.userId, kind: "purchase", reference: payment.id, amount: parseMoney(payment.creditUsd), createdBy: provider }, bus);
  const bonus = parseMoney(payment.bonusUsd);
  if (bonus > 0) await postLedgerEntry(tx, { userId: payment.userId, kind: "bonus", reference: payment.id, amount: bonus, createdBy: provider }, bus);
  return { outcome: "processed" };
}

/**
 * The session ended unpaid (expired, cancelled by the customer, or its delayed payment failed): a
 * pending payment is failed, or cancelled when the customer cancelled it, nothing credited, and its
 * discount code's use given back, in the webhook's transaction.
 */
export async function failPayment(
  tx: Executor,
  provider: PaymentsProvider["name"],
  session: CheckoutSessionFacts,
  reason: string,
  status: "failed" | "cancelled" = "failed",
): Promise<WebhookResult> {
  const payment = await lockPayment(tx, provider, session);
  if (payment.status !== "pending") return { outcome: "ignored" };
  await tx
    .update(payments)
    .set({ status, completedAt: sql`now()`, failureReason: (session.failureMessage ?? reason).slice(0, 500) })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
  await releaseReservation(tx, payment.id);
  return { outcome: "processed" };
}

async function lockPayment(tx: Executor, provider: PaymentsProvider["name"], session: CheckoutSessionFacts) {
  if (!session.paymentId) throw new PermanentWebhookError(`checkout session ${session.sessionId} names no payment`);
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, session.paymentId),
        eq(payments.provider, provider),
        or(isNull(payments.providerPaymentId), eq(payments.providerPaymentId, session.sessionId)),
      ),
    )
    .for("update");
  if (!payment) throw new PermanentWebhookError(`no ${provider} payment ${session.paymentId} with checkout session ${session.sessionId}`);
  return payment;
}
