import { z } from "zod";
import type { BusPublisher } from "../../db/bus";
import { CUSTOMER_CANCELLED, type PaymentsProvider } from "../../providers/payments/provider";
import { defineWebhook, type Webhook } from "../../webhooks/webhook";
import { DISPUTE_EVENT_TYPES, handleDisputeEvent, handleRefundEvent, REFUND_EVENT_TYPES } from "./provider-events";
import { completePayment, failPayment, type CheckoutSessionFacts } from "./service";

/**
 * The part of a provider's event we read: Stripe's event envelope, whatever its object (other
 * kinds are ignored). The object is loose: a checkout session's fields are read here, a refund's,
 * a charge's and a dispute's by their own schemas in provider-events.ts.
 */
const eventPayload = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({
    object: z.looseObject({
      id: z.string().min(1).max(255),
      client_reference_id: z.string().max(255).nullish(),
      metadata: z.record(z.string(), z.string()).nullish(),
      amount_total: z.number().int().nonnegative().nullish(),
      currency: z.string().max(10).nullish(),
      payment_status: z.string().max(50).nullish(),
      payment_intent: z.unknown().optional(),
      customer_details: z.looseObject({ email: z.string().max(320).nullish() }).nullish(),
      failure_message: z.string().max(500).nullish(),
      cancellation_reason: z.string().max(100).nullish(),
    }),
  }),
});
type PaymentEvent = z.infer<typeof eventPayload>;

function sessionFacts(event: PaymentEvent): CheckoutSessionFacts {
  const session = event.data.object;
  const intent = session.payment_intent;
  const chargeId = typeof intent === "string" ? intent : typeof intent === "object" && intent !== null && "id" in intent && typeof intent.id === "string" ? intent.id : null;
  return {
    sessionId: session.id,
    paymentId: session.client_reference_id ?? session.metadata?.["paymentId"] ?? null,
    amountCents: session.amount_total ?? null,
    currency: session.currency ?? null,
    paymentStatus: session.payment_status ?? null,
    email: session.customer_details?.email ?? null,
    chargeId,
    failureMessage: session.failure_message ?? null,
    cancelledByCustomer: session.cancellation_reason === CUSTOMER_CANCELLED,
  };
}

/**
 * The payment provider's webhook (Stripe's, or the local checkout's: the same events).
 * Credit comes only from a paid `checkout.session.completed` or
 * `checkout.session.async_payment_succeeded`; an expired session or a failed delayed
 * payment fails the payment (one the customer cancelled on the local checkout is cancelled); refunds (`charge.refunded`, `refund.created`, `refund.updated`) and
 * disputes (`charge.dispute.created`, `charge.dispute.closed`) take credit off or give it back
 * (provider-events.ts); every other kind is recorded and ignored.
 */
export function paymentWebhook(provider: PaymentsProvider, bus: BusPublisher): Webhook {
  return defineWebhook({
    provider: provider.name === "stripe" ? "stripe" : "local-checkout",
    path: provider.webhookPath,
    verify: (request) => provider.verifyWebhook(request),
    payload: eventPayload,
    eventId: (event) => event.id,
    eventType: (event) => event.type,
    async handle(event, { tx }) {
      if (REFUND_EVENT_TYPES.includes(event.type)) return handleRefundEvent(tx, bus, provider, event.type, event.data.object);
      if (DISPUTE_EVENT_TYPES.includes(event.type)) return handleDisputeEvent(tx, bus, provider.name, event.type, event.data.object);
      const session = sessionFacts(event);
      switch (event.type) {
        case "checkout.session.completed":
          // A delayed method (a bank debit) completes the session unpaid: its own event follows.
          if (session.paymentStatus !== "paid" && session.paymentStatus !== "no_payment_required") return { outcome: "ignored" };
          return completePayment(tx, bus, provider.name, session);
        case "checkout.session.async_payment_succeeded":
          return completePayment(tx, bus, provider.name, session);
        case "checkout.session.async_payment_failed":
          return failPayment(tx, provider.name, session, "The payment was declined");
        case "checkout.session.expired":
          // The local checkout says why when the customer cancelled, and marks it; Stripe's expiry says nothing.
          return failPayment(tx, provider.name, session, session.failureMessage ?? "The checkout expired before it was paid", session.cancelledByCustomer ? "cancelled" : "failed");
        default:
          return { outcome: "ignored" };
      }
    },
  });
}
