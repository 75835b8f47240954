import { and, eq, or } from "drizzle-orm";
import { z } from "zod";
import { moneyToDecimal, parseMoney, type Money } from "../../../shared/money";
import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";
import { payments } from "../../db/schema/payments";
import { paymentDisputes, paymentRefunds } from "../../db/schema/refunds";
import type { PaymentsProvider } from "../../providers/payments/provider";
import { PermanentWebhookError, type WebhookResult } from "../../webhooks/webhook";
import { postLedgerEntry } from "../credits/ledger";
import { creditBoughtBy, takeCredit } from "./credit-removal";
import { failRefund, lockPaymentRow, newRefundId, refundableOf, settleRefund } from "./refunds";

/**
 * Refunds and disputes the provider reports (Stripe's events; the objects are read here,
 * the event envelope by the payment webhook). Each runs in the webhook's transaction after
 * its event was claimed, and each is idempotent on its own too (a refund settles once, a
 * dispute's ledger rows are unique by its id), so `charge.refunded` and `refund.updated`
 * for one refund, in any order and any number of times, take the credit off once.
 */

const expandable = z.union([z.string().max(255), z.looseObject({ id: z.string().max(255) })]).nullish();
const idOf = (value: z.infer<typeof expandable>): string | null => (typeof value === "string" ? value : (value?.id ?? null));

const refundObject = z.looseObject({
  id: z.string().min(1).max(255),
  amount: z.number().int().positive(),
  currency: z.string().max(10).nullish(),
  status: z.string().max(50).nullish(),
  payment_intent: expandable,
  metadata: z.record(z.string(), z.string()).nullish(),
  reason: z.string().max(500).nullish(),
  failure_reason: z.string().max(500).nullish(),
});
type RefundObject = z.infer<typeof refundObject>;

const chargeObject = z.looseObject({
  id: z.string().min(1).max(255),
  payment_intent: expandable,
  refunds: z.looseObject({ data: z.array(refundObject) }).nullish(),
});

const disputeObject = z.looseObject({
  id: z.string().min(1).max(255),
  amount: z.number().int().positive(),
  status: z.string().max(50),
  payment_intent: expandable,
  reason: z.string().max(500).nullish(),
});

function read<T>(schema: z.ZodType<T>, object: unknown, type: string): T {
  const parsed = schema.safeParse(object);
  if (!parsed.success) throw new PermanentWebhookError(`${type}: its object does not look as expected (${parsed.error.issues.map((issue) => issue.path.join(".")).join(", ")})`);
  return parsed.data;
}

export const REFUND_EVENT_TYPES = ["charge.refunded", "refund.created", "refund.updated"];
export const DISPUTE_EVENT_TYPES = ["charge.dispute.created", "charge.dispute.closed"];

export async function handleRefundEvent(
  tx: Executor,
  bus: BusPublisher,
  provider: Pick<PaymentsProvider, "name" | "refundOutcome">,
  type: string,
  object: unknown,
): Promise<WebhookResult> {
  let refunds: RefundObject[];
  let intent: string | null;
  if (type === "charge.refunded") {
    const charge = read(chargeObject, object, type);
    refunds = charge.refunds?.data ?? [];
    intent = idOf(charge.payment_intent);
  } else {
    const refund = read(refundObject, object, type);
    refunds = [refund];
    intent = idOf(refund.payment_intent);
  }
  let applied = false;
  for (const refund of refunds) applied = (await applyRefund(tx, bus, provider, refund, idOf(refund.payment_intent) ?? intent)) || applied;
  return { outcome: applied ? "processed" : "ignored" };
}

/** The payment a provider object names: by the payment id we put in its metadata, else by the payment intent the checkout paid. Locked. */
async function lockNamedPayment(tx: Executor, provider: PaymentsProvider["name"], paymentId: string | undefined, intent: string | null) {
  const named = paymentId ?? null;
  if (!named && !intent) return undefined;
  const [match] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, provider), named ? eq(payments.id, named) : eq(payments.providerChargeId, intent ?? "")));
  return match ? lockPaymentRow(tx, match.id) : undefined;
}

async function applyRefund(tx: Executor, bus: BusPublisher, provider: Pick<PaymentsProvider, "name" | "refundOutcome">, refund: RefundObject, intent: string | null): Promise<boolean> {
  const payment = await lockNamedPayment(tx, provider.name, refund.metadata?.["paymentId"], intent);
  if (!payment) throw new PermanentWebhookError(`refund ${refund.id} names no ${provider.name} payment of ours`);
  const outcome = provider.refundOutcome(refund.status, refund.failure_reason);
  const ourId = refund.metadata?.["refundId"];
  const [known] = await tx
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, payment.id), or(eq(paymentRefunds.providerRefundId, refund.id), ourId ? eq(paymentRefunds.id, ourId) : undefined)));

  if (known) {
    if (known.status !== "pending") return false;
    if (outcome.status === "succeeded") await settleRefund(tx, bus, known.id, refund.id);
    else if (outcome.status === "failed") await failRefund(tx, known.id, outcome.failureReason ?? "The provider failed the refund", refund.id);
    else if (known.providerRefundId === null) await tx.update(paymentRefunds).set({ providerRefundId: refund.id }).where(eq(paymentRefunds.id, known.id));
    return outcome.status !== "pending";
  }

  // A refund made in the provider's own dashboard: recorded with no admin, then settled like ours.
  if (outcome.status === "failed") return false;
  if (payment.status === "pending") throw new Error(`refund ${refund.id} arrived before payment ${payment.id} completed: try again later`);
  const amount: Money = refund.amount * 100;
  const refundable = await refundableOf(tx, payment);
  if (amount > refundable) {
    throw new PermanentWebhookError(`refund ${refund.id} of ${moneyToDecimal(amount)} exceeds the ${moneyToDecimal(refundable)} still refundable on payment ${payment.id}`);
  }
  const id = newRefundId();
  await tx.insert(paymentRefunds).values({
    id,
    paymentId: payment.id,
    amountUsd: moneyToDecimal(amount),
    reason: refund.reason ? `Refunded at the provider (${refund.reason})` : "Refunded at the provider",
    status: "pending",
    providerRefundId: refund.id,
    createdBy: null,
  });
  if (outcome.status === "succeeded") await settleRefund(tx, bus, id, refund.id);
  return true;
}

/**
 * A dispute opens: the disputed share of the payment's credit is taken off (`dispute` row,
 * reference = the dispute id, never below zero). It closes won: what was taken is given back
 * (`dispute_reversal`); lost: it stays taken.
 */
export async function handleDisputeEvent(tx: Executor, bus: BusPublisher, provider: PaymentsProvider["name"], type: string, object: unknown): Promise<WebhookResult> {
  const dispute = read(disputeObject, object, type);
  const payment = await lockNamedPayment(tx, provider, undefined, idOf(dispute.payment_intent));
  if (!payment) throw new PermanentWebhookError(`dispute ${dispute.id} names no ${provider} payment of ours`);
  const paid = parseMoney(payment.amountUsd);
  const amount = Math.min(dispute.amount * 100, paid);
  const closedAs = type === "charge.dispute.closed" ? (dispute.status === "won" ? "won" : dispute.status === "lost" ? "lost" : null) : null;
  if (type === "charge.dispute.closed" && closedAs === null) return { outcome: "ignored" };

  const [inserted] = await tx
    .insert(paymentDisputes)
    .values({ id: dispute.id, paymentId: payment.id, amountUsd: moneyToDecimal(amount), reason: dispute.reason ?? null, status: closedAs ?? "open" })
    .onConflictDoNothing({ target: paymentDisputes.id })
    .returning({ id: paymentDisputes.id });
  if (inserted) {
    // Closed before we heard it open: nothing was taken, so nothing is given back or taken now.
    if (closedAs !== null) return { outcome: "processed" };
    const credited = parseMoney(payment.creditUsd) + parseMoney(payment.bonusUsd);
    const refunded = parseMoney(payment.refundedUsd);
    const taken = await takeCredit(tx, bus, {
      userId: payment.userId,
      kind: "dispute",
      reference: dispute.id,
      // The dispute is over money not already refunded: the credit that money bought, after what refunds took.
      wanted: creditBoughtBy({ paid, credited }, refunded, Math.min(amount, Math.max(0, paid - refunded))),
      note: `Dispute ${dispute.id} on payment ${payment.id}${dispute.reason ? ` (${dispute.reason})` : ""}`,
      createdBy: provider,
    });
    await tx.update(paymentDisputes).set({ creditRemovedUsd: moneyToDecimal(taken.removed) }).where(eq(paymentDisputes.id, dispute.id));
    return { outcome: "processed" };
  }

  const [row] = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.id, dispute.id)).for("update");
  if (!row || row.status !== "open" || closedAs === null) return { outcome: "ignored" };
  await tx.update(paymentDisputes).set({ status: closedAs, updatedAt: new Date() }).where(eq(paymentDisputes.id, dispute.id));
  const removed = parseMoney(row.creditRemovedUsd);
  if (closedAs === "won" && removed > 0) {
    await postLedgerEntry(tx, { userId: payment.userId, kind: "dispute_reversal", reference: dispute.id, amount: removed, note: `Dispute ${dispute.id} won`, createdBy: provider }, bus);
  }
  return { outcome: "processed" };
}
