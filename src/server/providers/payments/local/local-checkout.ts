import { randomBytes } from "node:crypto";
import type { SignatureVerdict } from "../../../http/signed-access";
import { signatureHeader, verifySignatureHeader } from "../../../webhooks/hmac";
import { CUSTOMER_CANCELLED, moneyToCents, type Checkout, type CheckoutInput, type PaymentsProvider, type ProviderRefund, type RefundInput } from "../provider";

export const LOCAL_CHECKOUT_WEBHOOK_PATH = "/webhooks/payments/local";
export const LOCAL_CHECKOUT_SIGNATURE_HEADER = "x-dialwise-checkout-signature";

/** A session of the local checkout, as its completion event describes it (the shape of Stripe's Checkout Session). */
export interface LocalCheckoutSession {
  sessionId: string;
  paymentId: string;
  userId: string;
  /** Whole cents. */
  amountCents: number;
  email?: string | null;
}

/**
 * The local checkout: the payment provider used when Stripe is not configured.
 * Its checkout page lives in the web app (`/{lang}/local-checkout?session=…`);
 * what it decides is sent as an event shaped like Stripe's, signed with its own
 * secret (webhooks/hmac.ts: `t=…,v1=…`, 5-minute tolerance), through the same handler.
 */
export class LocalCheckout implements PaymentsProvider {
  readonly name = "local" as const;
  readonly webhookPath = LOCAL_CHECKOUT_WEBHOOK_PATH;
  readonly signatureHeader = LOCAL_CHECKOUT_SIGNATURE_HEADER;

  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  createCheckout(input: CheckoutInput): Promise<Checkout> {
    moneyToCents(input.amount);
    const providerPaymentId = `cs_local_${randomBytes(16).toString("hex")}`;
    const lang = localeOf(input.successUrl, this.publicUrl);
    return Promise.resolve({ url: `${this.publicUrl}/${lang}/local-checkout?session=${providerPaymentId}`, providerPaymentId });
  }

  /**
   * The local checkout holds no money: a refund succeeds at once (its test cards were never
   * charged), with an id of its own (`re_local_…`) so the back office shows it like Stripe's.
   */
  refund(input: RefundInput): Promise<ProviderRefund> {
    moneyToCents(input.amount);
    return Promise.resolve({ providerRefundId: `re_local_${randomBytes(12).toString("hex")}`, status: "succeeded" });
  }

  /** Its events are shaped like Stripe's, and so are its refund statuses; it never leaves one pending. */
  refundOutcome(status: string | null | undefined, failureReason?: string | null): Pick<ProviderRefund, "status" | "failureReason"> {
    if (status === "succeeded") return { status: "succeeded" };
    if (status === "failed" || status === "canceled") return { status: "failed", failureReason: `The local checkout ${status} the refund${failureReason ? ` (${failureReason})` : ""}` };
    return { status: "pending" };
  }

  verifyWebhook(request: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer }): SignatureVerdict {
    return verifySignatureHeader(this.secret, request.headers[LOCAL_CHECKOUT_SIGNATURE_HEADER], request.rawBody);
  }

  /**
   * The signed event the local checkout sends when a session ends: the body and its signature header.
   * `cancelled`: the customer cancelled it on the checkout page (an expired session says so in
   * `cancellation_reason`, the word Stripe's payment intents use, so the payment is recorded as cancelled).
   */
  signedEvent(
    type: LocalCheckoutEventType,
    session: LocalCheckoutSession,
    options: { at?: Date; failureMessage?: string; cancelled?: boolean } = {},
  ): { body: string; signature: string } {
    const event = localCheckoutEvent(type, session, options.failureMessage, options.cancelled);
    const body = JSON.stringify(event);
    return { body, signature: signatureHeader(this.secret, body, options.at) };
  }
}

export type LocalCheckoutEventType = "checkout.session.completed" | "checkout.session.async_payment_failed" | "checkout.session.expired";

export function localCheckoutEvent(type: LocalCheckoutEventType, session: LocalCheckoutSession, failureMessage?: string, cancelled = false) {
  return {
    id: `evt_local_${randomBytes(12).toString("hex")}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.sessionId,
        object: "checkout.session",
        client_reference_id: session.paymentId,
        metadata: { paymentId: session.paymentId, userId: session.userId },
        amount_total: session.amountCents,
        currency: "usd",
        payment_status: type === "checkout.session.completed" ? "paid" : "unpaid",
        payment_intent: `pi_local_${session.sessionId.slice("cs_local_".length)}`,
        customer_details: { email: session.email ?? null },
        ...(failureMessage ? { failure_message: failureMessage } : {}),
        ...(cancelled ? { cancellation_reason: CUSTOMER_CANCELLED } : {}),
      },
    },
  };
}

/** The language segment of our own success address ("…/sv/payment-success"), so the checkout page speaks it too. */
function localeOf(successUrl: string, publicUrl: string): string {
  const rest = successUrl.startsWith(publicUrl) ? successUrl.slice(publicUrl.length) : "";
  return /^\/([a-z]{2})\//.exec(rest)?.[1] ?? "en";
}
