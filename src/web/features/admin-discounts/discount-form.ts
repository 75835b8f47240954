import type { TFunction } from "../../lib/i18n/translator";
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
  // Every rule runs in one pass over the typed text, so every field's problem shows at once
  // (a failed field would otherwise keep the rules that span fields from running).
  return z
    .object({
      code: z.string(),
      kind: z.enum(DISCOUNT_KINDS),
      percent: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      maxRedemptions: z.string(),
      maxPerCustomer: z.string(),
      minPurchase: z.string(),
    })
    .transform((values, ctx): DiscountFields => {
      const problem = (path: keyof DiscountFormValues, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const code = canonicalDiscountCode(values.code);
      if (!DISCOUNT_CODE_PATTERN.test(code)) problem("code", t("discounts.validation.code"));

      const range = DISCOUNT_PERCENT_RANGE[values.kind];
      const percent = parseLocaleWhole(values.percent, locale);
      if (!percent.ok || percent.value < range.min || percent.value > range.max) {
        problem("percent", t("discounts.validation.percent", { min: range.min, max: range.max }));
      }

      const limit = (path: "maxRedemptions" | "maxPerCustomer"): number | null => {
        if (values[path].trim() === "") return null;
        const parsed = parseLocaleWhole(values[path], locale);
        if (parsed.ok && parsed.value >= 1 && parsed.value <= 1_000_000) return parsed.value;
        problem(path, t("discounts.validation.limit"));
        return null;
      };
      const maxRedemptions = limit("maxRedemptions");
      const maxPerCustomer = limit("maxPerCustomer");

      let minPurchase = "0";
      if (values.minPurchase.trim() !== "") {
        const parsed = parseLocaleAmount(values.minPurchase, locale);
        if (parsed.ok && parsed.value <= 999_999_9900) minPurchase = moneyToFixed(parsed.value, 2);
        else problem("minPurchase", t("discounts.validation.minimum"));
      }

      const startsAt = values.startsAt ? new Date(values.startsAt) : null;
      const endsAt = values.endsAt ? new Date(values.endsAt) : null;
      if (startsAt && endsAt && startsAt >= endsAt) problem("endsAt", t("discounts.validation.window"));

      return {
        code,
        kind: values.kind,
        percent: percent.ok ? percent.value : 0,
        startsAt: startsAt ? startsAt.toISOString() : null,
        endsAt: endsAt ? endsAt.toISOString() : null,
        maxRedemptions,
        maxPerCustomer,
        minPurchase,
      };
    });
}
