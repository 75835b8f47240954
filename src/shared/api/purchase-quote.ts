import { z } from "zod";
import { money4 } from "./credits";
import { DISCOUNT_KINDS, DISCOUNT_REFUSALS, discountCodeInput } from "./discounts";
import { defineEndpoint } from "./endpoint";
import { checkoutAmount } from "./payments";

/**
 * What a purchase costs and credits, with or without a discount code: the phone page's
 * live preview. The checkout calls the same server function (quotePurchase), so what
 * the page shows is what the payment charges and credits.
 */
export const purchaseQuoteSchema = z.object({
  /** What the customer asked to buy, USD. */
  requested: money4,
  /** What the card is charged, USD (less than requested with a percent-off code). */
  pay: money4,
  /** The `purchase` ledger row. */
  credit: money4,
  /** The `bonus` ledger row (0 without a bonus code). */
  bonus: money4,
  /** credit + bonus: what the balance rises by. */
  totalCredit: money4,
  discount: z.object({ code: z.string(), kind: z.enum(DISCOUNT_KINDS), percent: z.number().int() }).nullable(),
  /** Why the code given does not apply (the quote is then without it). */
  refusal: z.object({ reason: z.enum(DISCOUNT_REFUSALS), minPurchase: money4.nullable() }).nullable(),
});
export type PurchaseQuote = z.infer<typeof purchaseQuoteSchema>;

export const quotePurchase = defineEndpoint({
  method: "GET",
  path: "/api/payments/quote",
  access: "user",
  summary: "What buying this amount (with this discount code) charges and credits",
  query: z.object({ amount: checkoutAmount, code: discountCodeInput.optional() }),
  response: purchaseQuoteSchema,
});
