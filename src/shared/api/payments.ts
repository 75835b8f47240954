import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { money4 } from "./credits";
import { discountCodeInput } from "./discounts";
import { defineEndpoint } from "./endpoint";

/**
 * Buying credit: the customer asks for an amount, the server creates a pending
 * payment at its own price and answers the provider's checkout address. Credit
 * lands only from the provider's signed completion event (never from the browser).
 */
export const PAYMENT_PROVIDERS = ["stripe", "local"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "refunded", "partially_refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Dollars with at most two decimals ("10", "12.50"): what a card can be charged. */
export const checkoutAmount = z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, "a dollar amount with at most two decimals");

export const createCheckout = defineEndpoint({
  method: "POST",
  path: "/api/payments/checkout",
  access: "user",
  summary: "Starts a purchase of credit: a pending payment and the provider's checkout address",
  body: z.object({
    amount: checkoutAmount,
    /** A discount code; refused codes answer 409 `discount_<reason>` (DISCOUNT_REFUSALS). */
    code: discountCodeInput.optional(),
    /** The language of the pages the provider sends the customer back to. */
    lang: z.enum(LOCALES).optional(),
  }),
  response: z.object({
    paymentId: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    url: z.string(),
  }),
});

export const paymentSchema = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  amount: money4,
  credit: money4,
  bonus: money4,
  /** Money given back so far (refunds). */
  refunded: money4,
  discountCode: z.string().nullable(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const listPayments = defineEndpoint({
  method: "GET",
  path: "/api/payments",
  access: "user",
  summary: "The signed-in customer's payments, newest first",
  response: z.object({ payments: z.array(paymentSchema) }),
});
