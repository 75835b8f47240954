import type { TFunction } from "../../lib/i18n/translator";
import { describe, expect, it } from "vitest";
import { discountFormSchema, EMPTY_DISCOUNT_FORM } from "./discount-form";

// The key and its values stand in for the translation, so a message names its rule.
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

describe("the discount form's rules", () => {
  it("turns typed text into the API's fields: canonical code, numbers, blank limits as none", () => {
    const parsed = discountFormSchema(t, "sv").safeParse({ ...EMPTY_DISCOUNT_FORM, code: " spring-25 ", percent: "25", maxRedemptions: "", maxPerCustomer: "2", minPurchase: "12,5" });
    expect(parsed.success && parsed.data).toEqual({
      code: "SPRING-25",
      kind: "bonus",
      percent: 25,
      startsAt: null,
      endsAt: null,
      maxRedemptions: null,
      maxPerCustomer: 2,
      minPurchase: "12.50",
    });
  });

  it("names every broken field at once, the percent range by kind", () => {
    const parsed = discountFormSchema(t, "en").safeParse({
      ...EMPTY_DISCOUNT_FORM,
      code: "x",
      kind: "percent_off",
      percent: "95",
      maxRedemptions: "0",
      maxPerCustomer: "1.5",
      minPurchase: "1.234",
      startsAt: "2026-05-02T00:00",
      endsAt: "2026-05-01T00:00",
    });
    expect(parsed.success).toBe(false);
    const issues = Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
    expect(issues).toEqual({
      code: "discounts.validation.code",
      percent: 'discounts.validation.percent {"min":1,"max":90}',
      maxRedemptions: "discounts.validation.limit",
      maxPerCustomer: "discounts.validation.limit",
      minPurchase: "discounts.validation.minimum",
      endsAt: "discounts.validation.window",
    });
  });

  it("allows a bonus up to 100%", () => {
    expect(discountFormSchema(t, "en").safeParse({ ...EMPTY_DISCOUNT_FORM, code: "DOUBLE", percent: "100" }).success).toBe(true);
    expect(discountFormSchema(t, "en").safeParse({ ...EMPTY_DISCOUNT_FORM, code: "DOUBLE", percent: "101" }).success).toBe(false);
  });
});
