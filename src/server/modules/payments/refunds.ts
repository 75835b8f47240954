import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { PaymentStatus } from "../../../shared/api/payments";
import { moneyToDecimal, parseMoney, type Money } from "../../../shared/money";
import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";
import { payments } from "../../db/schema/payments";
import { paymentRefunds } from "../../db/schema/refunds";
import { creditBoughtBy, takeCredit, type CreditTaken } from "./credit-removal";
import { recordRefundAudit } from "./refund-audit";

/**
 * The two halves of a refund that run inside a transaction: settling it (the ledger and the
 * payment's figures) and failing it. The admin's request and the provider's events both come
 * here, so a refund is settled once whichever arrives first. Lock order: the payment row, then
 * the refund row, then (in takeCredit) the customer's balance row.
 */

export function newRefundId(): string {
  return `rfd_${randomBytes(12).toString("hex")}`;
}

/** A payment whose money came in and has not all gone back. */
export const REFUNDABLE_STATUSES: readonly PaymentStatus[] = ["succeeded", "partially_refunded"];

type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof paymentRefunds.$inferSelect;

export async function lockPaymentRow(tx: Executor, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  return row;
}

/** Money refunds still waiting for the provider will give back: it is no longer refundable either. */
export async function pendingRefundTotal(tx: Executor, paymentId: string): Promise<Money> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${paymentRefunds.amountUsd}), 0)::text` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, "pending")));
  return parseMoney(row?.sum ?? "0");
}

/** What may still be refunded on a payment (its row locked by the caller). */
export async function refundableOf(tx: Executor, payment: PaymentRow): Promise<Money> {
  if (!REFUNDABLE_STATUSES.includes(payment.status)) return 0;
  return parseMoney(payment.amountUsd) - parseMoney(payment.refundedUsd) - (await pendingRefundTotal(tx, payment.id));
}

export interface SettledRefund {
  refund: RefundRow;
  taken: CreditTaken;
}

/**
 * The provider gave the money back: the refund moves pending → succeeded, the payment's
 * refunded_usd and status follow, and a `refund` ledger row (reference = refund id) takes off
 * the credit that money bought, never more than is left. Once: a refund no longer pending is
 * answered as it stands.
 */
export async function settleRefund(tx: Executor, bus: BusPublisher, refundId: string, providerRefundId: string | null): Promise<SettledRefund> {
  const [found] = await tx.select({ paymentId: paymentRefunds.paymentId }).from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (!found) throw new Error(`no refund ${refundId}`);
  const payment = await lockPaymentRow(tx, found.paymentId);
  const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).for("update");
  if (!payment || !refund) throw new Error(`refund ${refundId} lost its payment`);
  const paid = parseMoney(payment.amountUsd);
  const credited = parseMoney(payment.creditUsd) + parseMoney(payment.bonusUsd);
  const amount = parseMoney(refund.amountUsd);
  const refundedBefore = parseMoney(payment.refundedUsd);

  if (refund.status !== "pending") {
    // Settled by the other path first (the provider's event, or the admin's request): what it bought
    // is counted as if it were the latest refund, which it was when it settled alone.
    const removed = parseMoney(refund.creditRemovedUsd);
    const wanted = refund.status === "succeeded" ? creditBoughtBy({ paid, credited }, Math.max(0, refundedBefore - amount), amount) : 0;
    return { refund, taken: { removed, shortfall: Math.max(0, wanted - removed) } };
  }

  const wanted = creditBoughtBy({ paid, credited }, refundedBefore, amount);
  const taken = await takeCredit(tx, bus, {
    userId: payment.userId,
    kind: "refund",
    reference: refund.id,
    wanted,
    note: `Refund of ${moneyToDecimal(amount)} USD on payment ${payment.id}: ${refund.reason}`.slice(0, 500),
    createdBy: refund.createdBy,
  });
  const refunded = refundedBefore + amount;
  const status: PaymentStatus = refunded >= paid ? "refunded" : "partially_refunded";
  const [settled] = await tx
    .update(paymentRefunds)
    .set({
      status: "succeeded",
      creditRemovedUsd: moneyToDecimal(taken.removed),
      providerRefundId: refund.providerRefundId ?? providerRefundId,
      completedAt: sql`now()`,
    })
    .where(eq(paymentRefunds.id, refund.id))
    .returning();
  await tx.update(payments).set({ refundedUsd: moneyToDecimal(refunded), status }).where(eq(payments.id, payment.id));
  await recordRefundAudit(tx, {
    actorUserId: refund.createdBy,
    paymentId: payment.id,
    before: { status: payment.status, refunded: moneyToDecimal(refundedBefore) },
    after: {
      status,
      refunded: moneyToDecimal(refunded),
      refund: {
        id: refund.id,
        amount: moneyToDecimal(amount),
        reason: refund.reason,
        providerRefundId: settled?.providerRefundId ?? null,
        creditRemoved: moneyToDecimal(taken.removed),
        creditShortfall: moneyToDecimal(taken.shortfall),
      },
    },
  });
  if (!settled) throw new Error(`refund ${refund.id} vanished`);
  return { refund: settled, taken };
}

/** The provider refused (or reported failing) a pending refund: it is failed, the money stays refundable, nothing touches the ledger. */
export async function failRefund(tx: Executor, refundId: string, failureReason: string, providerRefundId: string | null = null): Promise<RefundRow> {
  const [found] = await tx.select({ paymentId: paymentRefunds.paymentId }).from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (!found) throw new Error(`no refund ${refundId}`);
  const payment = await lockPaymentRow(tx, found.paymentId);
  const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).for("update");
  if (!payment || !refund) throw new Error(`refund ${refundId} lost its payment`);
  if (refund.status !== "pending") return refund;
  const [failed] = await tx
    .update(paymentRefunds)
    .set({ status: "failed", failureReason: failureReason.slice(0, 500), providerRefundId: refund.providerRefundId ?? providerRefundId, completedAt: sql`now()` })
    .where(eq(paymentRefunds.id, refund.id))
    .returning();
  await recordRefundAudit(tx, {
    actorUserId: refund.createdBy,
    paymentId: payment.id,
    before: { status: payment.status, refunded: moneyToDecimal(parseMoney(payment.refundedUsd)) },
    after: {
      status: payment.status,
      refunded: moneyToDecimal(parseMoney(payment.refundedUsd)),
      refund: { id: refund.id, amount: moneyToDecimal(parseMoney(refund.amountUsd)), reason: refund.reason, status: "failed", failureReason },
    },
  });
  if (!failed) throw new Error(`refund ${refund.id} vanished`);
  return failed;
}
