import { z } from "zod";
import { money4 } from "./credits";
import { defineEndpoint } from "./endpoint";
import { PAYMENT_STATUSES } from "./payments";

/**
 * The local checkout: the payment page used when Stripe is not configured. It takes a
 * test card, and the server sends the provider's signed event through the same webhook
 * Stripe's events reach. Test cards: 4242 4242 4242 4242 is approved,
 * 4000 0000 0000 0002 is declined ("Your card was declined."); any future expiry, any CVC.
 */
const sessionId = z.string().regex(/^cs_local_[0-9a-f]{32}$/);

export const localCheckoutSession = defineEndpoint({
  method: "GET",
  path: "/api/local-checkout/sessions/:sessionId",
  access: "user",
  summary: "Local checkout: the customer's own checkout session (what it charges and its state)",
  params: z.object({ sessionId }),
  response: z.object({ sessionId, paymentId: z.string(), amount: money4, status: z.enum(PAYMENT_STATUSES), failureReason: z.string().nullable() }),
});

export const localCheckoutPay = defineEndpoint({
  method: "POST",
  path: "/api/local-checkout/sessions/:sessionId/pay",
  access: "user",
  summary: "Local checkout: pay the session with a test card",
  params: z.object({ sessionId }),
  body: z.object({
    cardNumber: z.string().max(40),
    /** MM/YY */
    expiry: z.string().max(10),
    cvc: z.string().max(10),
  }),
  response: z.object({ paymentId: z.string(), status: z.enum(PAYMENT_STATUSES) }),
});

export const localCheckoutCancel = defineEndpoint({
  method: "POST",
  path: "/api/local-checkout/sessions/:sessionId/cancel",
  access: "user",
  summary: "Local checkout: the customer cancels the session (it ends unpaid, a discount code's use is given back)",
  params: z.object({ sessionId }),
  response: z.object({ paymentId: z.string(), status: z.enum(PAYMENT_STATUSES) }),
});
