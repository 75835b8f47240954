import { createHmac } from "node:crypto";
import type { Config } from "../../config";
import { LocalCheckout } from "./local/local-checkout";
import type { PaymentsProvider, PaymentsContext } from "./provider";
import { StripePayments } from "./stripe";

/** Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, else the local checkout. */
export function choosePayments(context: PaymentsContext): PaymentsProvider {
  return context.config.stripe ? new StripePayments(context.config.stripe) : new LocalCheckout(context.localCheckoutSecret, context.config.publicUrl);
}

/**
 * The local checkout's secret: the generated one in DATA_DIR/secrets.json, or, when the
 * operator set AUTH_SECRET, a key derived from it (no file needed; differs from the session secret).
 */
export function localCheckoutSecret(config: Config, generated: () => string): string {
  if (config.authSecret) return createHmac("sha256", config.authSecret).update("dialwise local checkout").digest("base64url");
  return generated();
}
