import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { PaymentProviderName } from "../../../shared/api/payments";
import type { Money } from "../../../shared/money";
import type { Config } from "../../config";
import type { SignatureVerdict } from "../../http/signed-access";

export interface CheckoutInput {
  /** Ours: the provider sends it back as the session's client_reference_id. */
  paymentId: string;
  userId: string;
  /** What the customer pays, USD (whole cents). */
  amount: Money;
  successUrl: string;
  cancelUrl: string;
  /** The customer's email, prefilled on the provider's page. */
  email?: string;
}

/**
 * The `cancellation_reason` (Stripe's word for a payment intent's) a checkout session's event carries
 * when the customer cancelled it: the local checkout's cancel button. Its payment is then cancelled, not failed.
 */
export const CUSTOMER_CANCELLED = "requested_by_customer";

export interface Checkout {
  /** Where the browser goes to pay. */
  url: string;
  /** The provider's id of this checkout (a Checkout Session id): its completion event names it. */
  providerPaymentId: string;
}

export interface RefundInput {
  payment: {
    /** Ours ("pay_…"). */
    id: string;
    /** The provider's charge or payment intent (payments.provider_charge_id). */
    providerChargeId: string | null;
  };
  /** Money to give back, USD (whole cents). */
  amount: Money;
  reason: string;
  /** Our refund id ("rfd_…"): a retried request for it makes no second refund. */
  idempotencyKey: string;
}

export interface ProviderRefund {
  providerRefundId: string;
  /** `pending`: the provider accepted it and reports the outcome later by an event. */
  status: "succeeded" | "pending" | "failed";
  failureReason?: string;
}

/**
 * An outside payment service: a checkout page per purchase, and signed events that
 * tell us how it went. Both providers send events shaped like Stripe's
 * (`checkout.session.completed` with the session as `data.object`), so one
 * handler credits both.
 */
export interface PaymentsProvider {
  readonly name: PaymentProviderName;
  /** Where the provider posts its events. */
  readonly webhookPath: `/webhooks/${string}`;
  /** The header that carries the provider's signature. */
  readonly signatureHeader: string;
  createCheckout(input: CheckoutInput): Promise<Checkout>;
  /** Gives money back to the card. Throws PaymentProviderError when the provider cannot be reached or refuses the request. */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** What a refund's status in the provider's own events means for us (the refund events' handler asks, whoever the provider is). */
  refundOutcome(status: string | null | undefined, failureReason?: string | null): Pick<ProviderRefund, "status" | "failureReason">;
  /** The provider's signature over the raw body, with its replay tolerance. */
  verifyWebhook(request: FastifyRequest & { rawBody: Buffer }): SignatureVerdict;
}

export interface PaymentsContext {
  config: Config;
  /** The local checkout's signing secret (generated into secrets.json, or derived from AUTH_SECRET). */
  localCheckoutSecret: string;
  log: FastifyBaseLogger;
}

export type PaymentsProviderFactory = (context: PaymentsContext) => PaymentsProvider;

/** A provider's failure to start a checkout or a refund (its API down or refusing): the caller may try again. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}

/** Money (whole cents) as the integer cents a card is charged. */
export function moneyToCents(amount: Money): number {
  if (amount % 100 !== 0) throw new RangeError(`not a whole number of cents: ${amount}`);
  return amount / 100;
}
