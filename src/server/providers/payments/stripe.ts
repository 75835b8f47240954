import Stripe from "stripe";
import type { SignatureVerdict } from "../../http/signed-access";
import { SIGNATURE_TOLERANCE_SECONDS } from "../../webhooks/hmac";
import { moneyToCents, PaymentProviderError, type Checkout, type CheckoutInput, type PaymentsProvider, type ProviderRefund, type RefundInput } from "./provider";

export const STRIPE_WEBHOOK_PATH = "/webhooks/payments/stripe";
export const STRIPE_SIGNATURE_HEADER = "stripe-signature";

export interface StripeCredentials {
  secretKey: string;
  webhookSecret: string;
}

/**
 * Stripe: a Checkout Session per purchase (client_reference_id = our payment id,
 * the price set here, never by the browser), and events checked with
 * `stripe.webhooks.constructEvent` (HMAC of the raw body, 5-minute tolerance).
 */
export class StripePayments implements PaymentsProvider {
  readonly name = "stripe" as const;
  readonly webhookPath = STRIPE_WEBHOOK_PATH;
  readonly signatureHeader = STRIPE_SIGNATURE_HEADER;
  private readonly stripe: Stripe;

  /** `options` reach the Stripe client (tests point `host`, `port` and `protocol` at a stand-in API). */
  constructor(
    private readonly credentials: StripeCredentials,
    options: Stripe.StripeConfig = {},
  ) {
    this.stripe = new Stripe(credentials.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...options });
  }

  async createCheckout(input: CheckoutInput): Promise<Checkout> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: input.paymentId,
          metadata: { paymentId: input.paymentId, userId: input.userId },
          payment_intent_data: { metadata: { paymentId: input.paymentId, userId: input.userId } },
          ...(input.email ? { customer_email: input.email } : {}),
          line_items: [
            {
              quantity: 1,
              price_data: { currency: "usd", unit_amount: moneyToCents(input.amount), product_data: { name: "Dialwise calling credit" } },
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        // A retried request for the same payment makes no second session.
        { idempotencyKey: `checkout-${input.paymentId}` },
      );
    } catch (error) {
      throw new PaymentProviderError(`Stripe refused the checkout: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (!session.url) throw new PaymentProviderError(`Stripe answered checkout session ${session.id} without a url`);
    return { url: session.url, providerPaymentId: session.id };
  }

  /**
   * POST /v1/refunds on the payment intent the checkout paid, in cents, naming our refund and
   * payment in its metadata (its events carry them back), keyed by our refund id.
   */
  async refund(input: RefundInput): Promise<ProviderRefund> {
    if (!input.payment.providerChargeId) throw new PaymentProviderError(`payment ${input.payment.id} has no Stripe payment intent to refund`);
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        {
          payment_intent: input.payment.providerChargeId,
          amount: moneyToCents(input.amount),
          metadata: { refundId: input.idempotencyKey, paymentId: input.payment.id },
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      throw new PaymentProviderError(`Stripe refused the refund: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    return { providerRefundId: refund.id, ...stripeRefundOutcome(refund.status, refund.failure_reason) };
  }

  refundOutcome(status: string | null | undefined, failureReason?: string | null): Pick<ProviderRefund, "status" | "failureReason"> {
    return stripeRefundOutcome(status, failureReason);
  }

  verifyWebhook(request: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer }): SignatureVerdict {
    const header = request.headers[STRIPE_SIGNATURE_HEADER];
    if (header === undefined || header === "") return "missing";
    if (Array.isArray(header)) return "invalid";
    try {
      this.stripe.webhooks.constructEvent(request.rawBody, header, this.credentials.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
      return "valid";
    } catch {
      return "invalid";
    }
  }
}

/** Stripe's refund status as ours: succeeded, failed (or canceled), else still pending (pending, requires_action). */
export function stripeRefundOutcome(status: string | null | undefined, failureReason?: string | null): Pick<ProviderRefund, "status" | "failureReason"> {
  if (status === "succeeded") return { status: "succeeded" };
  if (status === "failed" || status === "canceled") return { status: "failed", failureReason: `Stripe ${status} the refund${failureReason ? ` (${failureReason})` : ""}` };
  return { status: "pending" };
}
