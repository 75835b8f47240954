import { z } from "zod";
import { adminMoment } from "./filter-day";
import { money4 } from "./credits";
import { DISCOUNT_KINDS, discountCodeInput, type DiscountKind } from "./discounts";
import { defineEndpoint } from "./endpoint";

/**
 * The back office's discount codes: list, create, edit (pause and resume are edits),
 * soft delete. Every change is audited (discount.create/update/pause/resume/delete).
 */

/** What an admin sees of a code's state, derived from its fields and uses at the time of asking. */
export const DISCOUNT_STATUSES = ["active", "paused", "scheduled", "expired", "used_up"] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** Allowed percent per kind: a bonus may double the credit; a price cut leaves at least 10% to charge. */
export const DISCOUNT_PERCENT_RANGE: Record<DiscountKind, { min: number; max: number }> = {
  bonus: { min: 1, max: 100 },
  percent_off: { min: 1, max: 90 },
};

/** A minimum purchase in dollars with at most two decimals ("0", "10", "12.50"). */
export const minPurchaseInput = z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, "a dollar amount with at most two decimals");

const limit = z.number().int().min(1).max(1_000_000);

/** The fields an admin sets; the cross-field rules (percent per kind, window order) are checked by the server on the whole code. */
export const discountFieldsSchema = z.object({
  code: discountCodeInput,
  kind: z.enum(DISCOUNT_KINDS),
  percent: z.number().int().min(1).max(100),
  startsAt: adminMoment.nullable(),
  endsAt: adminMoment.nullable(),
  /** Total uses; null = unlimited. */
  maxRedemptions: limit.nullable(),
  /** Uses per customer; null = unlimited. */
  maxPerCustomer: limit.nullable(),
  minPurchase: minPurchaseInput,
});
export type DiscountFields = z.infer<typeof discountFieldsSchema>;

export const adminDiscountSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  percent: z.number().int(),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  maxRedemptions: z.number().int().nullable(),
  maxPerCustomer: z.number().int().nullable(),
  minPurchase: money4,
  /** Live uses: reserved by checkouts in progress plus redeemed by paid purchases (what the limit counts). */
  used: z.number().int(),
  /** Of those, paid purchases. */
  redeemed: z.number().int(),
  /** Of those, checkouts not yet paid. */
  reserved: z.number().int(),
  paused: z.boolean(),
  status: z.enum(DISCOUNT_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AdminDiscount = z.infer<typeof adminDiscountSchema>;

const discountParams = z.object({ discountId: z.string().min(1).max(64) });

export const adminDiscountsList = defineEndpoint({
  method: "GET",
  path: "/api/admin/discounts",
  access: "admin",
  summary: "Every live discount code with its uses and status, newest first",
  response: z.object({ discounts: z.array(adminDiscountSchema) }),
});

export const adminDiscountCreate = defineEndpoint({
  method: "POST",
  path: "/api/admin/discounts",
  access: "admin",
  summary: "Creates a discount code (409 discount_code_taken when a live code has it)",
  body: discountFieldsSchema,
  response: z.object({ discount: adminDiscountSchema }),
  status: 201,
});

export const adminDiscountUpdate = defineEndpoint({
  method: "PUT",
  path: "/api/admin/discounts/:discountId",
  access: "admin",
  summary: "Edits a discount code, pauses or resumes it (only the fields given change)",
  params: discountParams,
  body: discountFieldsSchema.partial().extend({ paused: z.boolean().optional() }),
  response: z.object({ discount: adminDiscountSchema }),
});

export const adminDiscountDelete = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/discounts/:discountId",
  access: "admin",
  summary: "Deletes a discount code: it no longer redeems or lists; payments that used it keep it",
  params: discountParams,
  response: z.object({ deleted: z.literal(true) }),
});
