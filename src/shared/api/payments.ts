import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import type { RefundStatus } from "./admin-payments";
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

/** `failed`: the provider ended the checkout unpaid (declined, expired); `cancelled`: the customer cancelled it. Neither charged anything. */
export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "cancelled", "refunded", "partially_refunded"] as const;
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

/** The amounts a purchase may be (PAYMENT_MIN_USD..PAYMENT_MAX_USD), for the buying page's custom amount. */
export const paymentLimits = defineEndpoint({
  method: "GET",
  path: "/api/payments/limits",
  access: "user",
  summary: "The smallest and the largest amount one purchase may be",
  response: z.object({ min: money4, max: money4 }),
});

export const paymentRefundSchema = z.object({
  id: z.string(),
  amount: money4,
  /** Credit taken off the balance for it (never more than the balance had). */
  creditRemoved: money4,
  reason: z.string(),
  // Spelled out rather than imported: admin-payments.ts builds on this file, and a runtime import back would be a cycle.
  status: z.enum(["pending", "succeeded", "failed"] as const satisfies readonly RefundStatus[]),
  createdAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/** One payment with what its receipt shows. */
export const paymentDetailSchema = paymentSchema.extend({
  /** The address the receipt was sent to (the provider's, else the account's). */
  customerEmail: z.string(),
  /** The provider's reference for the payment (its charge, else its checkout session). */
  providerReference: z.string().nullable(),
  refunds: z.array(paymentRefundSchema),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

export const paymentDetail = defineEndpoint({
  method: "GET",
  path: "/api/payments/:paymentId",
  access: "user",
  summary: "One of the signed-in customer's payments with its receipt (another customer's is 404)",
  params: z.object({ paymentId: z.string().min(1).max(64) }),
  response: paymentDetailSchema,
});
