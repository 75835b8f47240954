import type { TFunction } from "i18next";
import { z } from "zod";
import { DISCOUNT_PERCENT_RANGE, type AdminDiscount, type DiscountFields } from "../../../shared/api/admin-discounts";
import { canonicalDiscountCode, DISCOUNT_CODE_PATTERN, DISCOUNT_KINDS } from "../../../shared/api/discounts";
import { parseLocaleAmount, parseLocaleWhole } from "../../../shared/i18n/locale-number";
import { moneyToFixed, parseMoney } from "../../../shared/money";

/** The dialog's fields as typed: text boxes hold text; blank limits mean "no limit", a blank minimum means none. */
export interface DiscountFormValues {
  code: string;
  kind: (typeof DISCOUNT_KINDS)[number];
  percent: string;
  startsAt: string;
  endsAt: string;
  maxRedemptions: string;
  maxPerCustomer: string;
  minPurchase: string;
}

export const EMPTY_DISCOUNT_FORM: DiscountFormValues = {
  code: "",
  kind: "bonus",
  percent: "10",
  startsAt: "",
  endsAt: "",
  maxRedemptions: "",
  maxPerCustomer: "1",
  minPurchase: "",
};

/** An instant as a `datetime-local` value in the admin's own time zone ("2026-11-23T14:05"). */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return "";
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A code's stored fields as the dialog shows them to edit. */
export function formValuesOf(discount: AdminDiscount, locale: string): DiscountFormValues {
  const minimum = parseMoney(discount.minPurchase);
  return {
    code: discount.code,
    kind: discount.kind,
    percent: String(discount.percent),
    startsAt: toLocalInput(discount.startsAt),
    endsAt: toLocalInput(discount.endsAt),
    maxRedemptions: discount.maxRedemptions === null ? "" : String(discount.maxRedemptions),
    maxPerCustomer: discount.maxPerCustomer === null ? "" : String(discount.maxPerCustomer),
    minPurchase: minimum === 0 ? "" : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(Number(moneyToFixed(minimum, 2))),
  };
}

/**
 * The dialog's rules, the server's own (code pattern, percent per kind, limits, window
 * order), with messages in the admin's language. It turns the typed text into the API's fields.
 */
export function discountFormSchema(t: TFunction, locale: string) {
  const wholeLimit = (text: string, ctx: z.RefinementCtx): number | null => {
    if (text.trim() === "") return null;
    const parsed = parseLocaleWhole(text, locale);
    if (!parsed.ok || parsed.value < 1 || parsed.value > 1_000_000) {
      ctx.addIssue({ code: "custom", message: t("discounts.validation.limit") });
      return z.NEVER;
    }
    return parsed.value;
  };
  return z
    .object({
      code: z
        .string()
        .transform(canonicalDiscountCode)
        .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, t("discounts.validation.code"))),
      kind: z.enum(DISCOUNT_KINDS),
      percent: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      maxRedemptions: z.string().transform(wholeLimit),
      maxPerCustomer: z.string().transform(wholeLimit),
      minPurchase: z.string().transform((text, ctx) => {
        if (text.trim() === "") return "0";
        const parsed = parseLocaleAmount(text, locale);
        if (!parsed.ok || parsed.value > 999_999_9900) {
          ctx.addIssue({ code: "custom", message: t("discounts.validation.minimum") });
          return z.NEVER;
        }
        return moneyToFixed(parsed.value, 2);
      }),
    })
    .transform((values, ctx): DiscountFields => {
      const range = DISCOUNT_PERCENT_RANGE[values.kind];
      const percent = parseLocaleWhole(values.percent, locale);
      if (!percent.ok || percent.value < range.min || percent.value > range.max) {
        ctx.addIssue({ code: "custom", path: ["percent"], message: t("discounts.validation.percent", { min: range.min, max: range.max }) });
      }
      const startsAt = values.startsAt ? new Date(values.startsAt) : null;
      const endsAt = values.endsAt ? new Date(values.endsAt) : null;
      if (startsAt && endsAt && startsAt >= endsAt) {
        ctx.addIssue({ code: "custom", path: ["endsAt"], message: t("discounts.validation.window") });
      }
      return {
        code: values.code,
        kind: values.kind,
        percent: percent.ok ? percent.value : 0,
        startsAt: startsAt ? startsAt.toISOString() : null,
        endsAt: endsAt ? endsAt.toISOString() : null,
        maxRedemptions: values.maxRedemptions,
        maxPerCustomer: values.maxPerCustomer,
        minPurchase: values.minPurchase,
      };
    });
}
