import { and, asc, eq } from "drizzle-orm";
import type { PaymentDetail } from "../../../shared/api/payments";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { payments } from "../../db/schema/payments";
import { paymentRefunds } from "../../db/schema/refunds";
import { notFound } from "../../http/app-error";
import { toPayment } from "./service";

/**
 * One of the customer's own payments with what its receipt shows. The query starts from
 * the customer's id, so another customer's payment is simply not found (404, never 403:
 * we do not confirm it exists).
 */
export async function getOwnPayment(db: Database, userId: string, paymentId: string): Promise<PaymentDetail> {
  const [found] = await db
    .select({ payment: payments, accountEmail: user.email })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .where(and(eq(payments.userId, userId), eq(payments.id, paymentId)));
  if (!found) throw notFound("There is no such payment");
  const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  const { payment } = found;
  return {
    ...toPayment(payment),
    // The address the provider collected at the checkout, else the account's.
    customerEmail: payment.receiptEmail ?? found.accountEmail,
    providerReference: payment.providerChargeId ?? payment.providerPaymentId,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: moneyToDecimal(parseMoney(refund.amountUsd)),
      creditRemoved: moneyToDecimal(parseMoney(refund.creditRemovedUsd)),
      reason: refund.reason,
      status: refund.status,
      createdAt: refund.createdAt.toISOString(),
      completedAt: refund.completedAt?.toISOString() ?? null,
    })),
  };
}
