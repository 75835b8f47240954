import { and, eq } from "drizzle-orm";
import type { Refund } from "../../../shared/api/admin-payments";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import type { BusPublisher } from "../../db/bus";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { paymentDisputes, paymentRefunds } from "../../db/schema/refunds";
import { AppError, notFound } from "../../http/app-error";
import { PaymentProviderError, type PaymentsProvider, type ProviderRefund } from "../../providers/payments/provider";
import { toRefund } from "./admin-payment-rows";
import { failRefund, lockPaymentRow, newRefundId, REFUNDABLE_STATUSES, refundableOf, settleRefund } from "./refunds";

export interface AdminPaymentsDeps {
  db: Database;
  bus: BusPublisher;
  provider: PaymentsProvider;
}

export interface RefundAnswer {
  refund: Refund;
  creditRemoved: string;
  creditShortfall: string;
}

/**
 * An admin's refund, provider first and then the ledger:
 * 1. under the payment's row lock, the amount is checked against what is still refundable
 *    (paid − refunded − refunds still pending) and a `pending` refund is written, so two admins
 *    at once cannot together give back more than was paid;
 * 2. the provider is asked outside any transaction, keyed by the refund id (a retry makes no
 *    second refund);
 * 3. its answer is recorded in one transaction: settled (ledger row, payment figures, audit) or
 *    failed (audit, nothing in the ledger). A refund the provider reports as pending stays pending
 *    until its event settles it.
 */
export async function requestRefund(deps: AdminPaymentsDeps, adminId: string, paymentId: string, input: { amount: string; reason: string }): Promise<RefundAnswer> {
  const amount = parseMoney(input.amount);
  if (amount <= 0) throw new AppError(400, "validation_failed", "Enter an amount above zero", [{ path: "amount", message: "must be above zero" }]);
  const reason = input.reason.trim();

  const pending = await deps.db.transaction(async (tx) => {
    const payment = await lockPaymentRow(tx, paymentId);
    if (!payment) throw notFound("This payment does not exist");
    if (!REFUNDABLE_STATUSES.includes(payment.status)) {
      throw new AppError(409, "payment_not_refundable", `Only a paid payment can be refunded; this one is ${payment.status.replace("_", " ")}`);
    }
    // While the cardholder disputes the payment, the card network decides what goes back: a refund now could pay twice.
    const [disputed] = await tx
      .select({ id: paymentDisputes.id })
      .from(paymentDisputes)
      .where(and(eq(paymentDisputes.paymentId, paymentId), eq(paymentDisputes.status, "open")));
    if (disputed) throw new AppError(409, "payment_disputed", "The cardholder disputes this payment; it cannot be refunded until the dispute is closed");
    const refundable = await refundableOf(tx, payment);
    if (amount > refundable) {
      throw new AppError(409, "refund_exceeds_refundable", `At most ${moneyToDecimal(refundable).slice(0, -2)} USD of this payment can still be refunded`);
    }
    const id = newRefundId();
    await tx.insert(paymentRefunds).values({ id, paymentId, amountUsd: moneyToDecimal(amount), reason, status: "pending", createdBy: adminId });
    return { id, payment };
  });

  let outcome: ProviderRefund;
  try {
    outcome = await deps.provider.refund({
      payment: { id: pending.payment.id, providerChargeId: pending.payment.providerChargeId },
      amount,
      reason,
      idempotencyKey: pending.id,
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    await deps.db.transaction((tx) => failRefund(tx, pending.id, why));
    if (error instanceof PaymentProviderError) {
      throw new AppError(503, "payment_provider_unavailable", "The payment service could not be reached or refused the refund. Nothing was refunded; please try again in a moment.");
    }
    throw error;
  }

  if (outcome.status === "failed") {
    const why = outcome.failureReason ?? "The payment service declined the refund";
    await deps.db.transaction((tx) => failRefund(tx, pending.id, why, outcome.providerRefundId));
    throw new AppError(502, "refund_declined", `The payment service declined the refund: ${why}. Nothing was refunded.`);
  }

  const result = await deps.db.transaction(async (tx) => {
    if (outcome.status === "succeeded") return settleRefund(tx, deps.bus, pending.id, outcome.providerRefundId);
    // Accepted, not yet done: its event settles it later (matched by this id in the refund's metadata or by the provider's id).
    const [row] = await tx.update(paymentRefunds).set({ providerRefundId: outcome.providerRefundId }).where(eq(paymentRefunds.id, pending.id)).returning();
    if (!row) throw new Error(`refund ${pending.id} vanished`);
    return { refund: row, taken: { removed: 0, shortfall: 0 } };
  });
  const [admin] = await deps.db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, adminId));
  return {
    refund: toRefund(result.refund, admin ?? null),
    creditRemoved: moneyToDecimal(result.taken.removed),
    creditShortfall: moneyToDecimal(result.taken.shortfall),
  };
}
