import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { filterDay } from "./filter-day";
import { money4 } from "./credits";
import { defineEndpoint } from "./endpoint";
import { pagedAnswer, pagingQuery } from "./paging";
import { checkoutAmount, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from "./payments";

/** The back office's view of payments, refunds and disputes. */
export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const DISPUTE_STATUSES = ["open", "won", "lost"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** How the summary buckets payments: by UTC day, ISO week (starting Monday) or calendar month. */
export const PAYMENT_PERIODS = ["day", "week", "month"] as const;
export type PaymentPeriod = (typeof PAYMENT_PERIODS)[number];

export const ADMIN_PAYMENTS_PAGE_SIZE = 25;
/** The summary shows at most this many periods, newest first. */
export const ADMIN_PAYMENTS_MAX_PERIODS = 60;

const timestamp = z.iso.datetime({ offset: true });

export const adminPaymentsFilter = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  /** Payments created on or after this day (YYYY-MM-DD, UTC). */
  from: filterDay.optional(),
  /** Payments created on or before this day (YYYY-MM-DD, UTC). */
  to: filterDay.optional(),
  /** Part of the customer's email (case-insensitive). */
  customer: z.string().trim().max(320).optional(),
});
export type AdminPaymentsFilter = z.infer<typeof adminPaymentsFilter>;

export const refundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  amount: money4,
  /** Credit the ledger took off for it (less than the credit it bought when the customer had spent some). */
  creditRemoved: money4,
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  providerRefundId: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** The admin who asked; null for a refund made in the provider's own dashboard. */
  createdBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const disputeSchema = z.object({
  id: z.string(),
  amount: money4,
  creditRemoved: money4,
  reason: z.string().nullable(),
  status: z.enum(DISPUTE_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Dispute = z.infer<typeof disputeSchema>;

export const adminPaymentSchema = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), email: z.string() }),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  /** What the customer paid, USD; 0 for a checkout that charged nothing (declined, expired, cancelled). */
  paid: money4,
  /** The credit it added, and a discount code's bonus; 0 likewise when it charged nothing. */
  credit: money4,
  bonus: money4,
  refunded: money4,
  /** What may still be refunded: paid − refunded − refunds awaiting the provider (0 unless the payment succeeded). */
  refundable: money4,
  discountCode: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
  refunds: z.array(refundSchema),
  disputes: z.array(disputeSchema),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/**
 * Figures over the whole filter: `count` payments of any status; `paid` the money taken by
 * those that were paid (succeeded, partially refunded, refunded); `refunded` what went back;
 * `net` = paid − refunded.
 */
export const paymentTotalsSchema = z.object({ count: z.number().int(), paid: money4, refunded: money4, net: money4 });
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;

export const paymentPeriodSchema = paymentTotalsSchema.extend({
  /** The first UTC day of the period (YYYY-MM-DD). */
  start: z.iso.date(),
});
export type PaymentPeriodTotals = z.infer<typeof paymentPeriodSchema>;

export const adminPayments = defineEndpoint({
  method: "GET",
  path: "/api/admin/payments",
  access: "admin",
  summary: "Every payment under a filter, newest first and paged, with totals over the filter and per period",
  query: adminPaymentsFilter.extend({
    period: z.enum(PAYMENT_PERIODS).default("day"),
    ...pagingQuery(ADMIN_PAYMENTS_PAGE_SIZE).shape,
  }),
  response: z.object({
    payments: z.array(adminPaymentSchema),
    ...pagedAnswer,
    totals: paymentTotalsSchema,
    periods: z.array(paymentPeriodSchema),
  }),
});

export const adminPaymentsCsvPath = "/api/admin/payments/export.csv";

/** The list's payments as a CSV file: the same filter, every page, newest first; `lang` names the header's language (else Accept-Language). */
export const adminPaymentsCsv = defineEndpoint({
  method: "GET",
  path: adminPaymentsCsvPath,
  access: "admin",
  summary: "Every payment under the filter, newest first, as a CSV file named with the day",
  query: adminPaymentsFilter.extend({ lang: z.enum(LOCALES).optional() }),
  response: z.string(),
});

export const refundReason = z.string().trim().min(1, "a reason is required").max(500);

export const createRefund = defineEndpoint({
  method: "POST",
  path: "/api/admin/payments/:paymentId/refunds",
  access: "admin",
  summary: "Refunds part or all of a payment through its provider, then takes off the credit it bought (never below zero)",
  params: z.object({ paymentId: z.string().min(1).max(64) }),
  body: z.object({
    /** Dollars, whole cents, at most what is still refundable. */
    amount: checkoutAmount,
    reason: refundReason,
  }),
  response: z.object({
    refund: refundSchema,
    /** Credit taken off the customer's balance. */
    creditRemoved: money4,
    /** Credit the refund bought that the customer had already spent (0 when all of it was taken off). */
    creditShortfall: money4,
  }),
});
