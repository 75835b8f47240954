import { z } from "zod";

/**
 * Discount codes: an admin's percent of bonus credit on a purchase (`bonus`) or percent
 * off its price (`percent_off`). Codes are compared in their canonical form
 * (canonicalDiscountCode), made once before any rule looks at them.
 */
export const DISCOUNT_KINDS = ["bonus", "percent_off"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const REDEMPTION_STATUSES = ["reserved", "redeemed", "released"] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/**
 * Why a code does not apply to this purchase. The web shows `errors.discount_<reason>`;
 * a checkout with a refused code answers 409 with that code.
 */
export const DISCOUNT_REFUSALS = ["not_found", "not_started", "expired", "paused", "used_up", "already_used", "below_minimum"] as const;
export type DiscountRefusal = (typeof DISCOUNT_REFUSALS)[number];

/** Letters, digits, hyphens and underscores, 3 to 32 of them. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** The one canonical form of a code: NFKC, trimmed, upper case. */
export function canonicalDiscountCode(input: string): string {
  return input.normalize("NFKC").trim().toUpperCase();
}

/** A code as typed by a customer (validated after canonicalDiscountCode). */
export const discountCodeInput = z
  .string()
  .max(64)
  .transform(canonicalDiscountCode)
  .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, "letters, digits, - and _, 3 to 32 of them"));
