import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminDiscount, DiscountStatus } from "../../../shared/api/admin-discounts";
import { Ltr } from "../../components/ui/ltr";
import { formatUsd, parseMoney } from "../../../shared/money";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";

const STATUS_STYLE: Record<DiscountStatus, string> = {
  active: "bg-green-50 text-green-800 ring-green-200",
  paused: "bg-amber-50 text-amber-900 ring-amber-200",
  scheduled: "bg-sky-50 text-sky-800 ring-sky-200",
  expired: "bg-slate-100 text-slate-700 ring-slate-200",
  used_up: "bg-slate-100 text-slate-700 ring-slate-200",
};

export function StatusBadge({ status }: { status: DiscountStatus }) {
  const { t } = useTranslation();
  return <span className={cn("inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1", STATUS_STYLE[status])}>{t(`discounts.status.${status}`)}</span>;
}

/** The code as typed by customers: letters and digits, always left to right. */
export function CodeCell({ code }: { code: string }) {
  return (
    <Ltr className="font-mono font-semibold tracking-wide text-slate-900">{code}</Ltr>
  );
}

/** "10% bonus credit" or "15% off the price". */
export function useKindLabel() {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent" });
  return (discount: Pick<AdminDiscount, "kind" | "percent">) => t(`discounts.kind_value.${discount.kind}`, { percent: percent.format(discount.percent / 100) });
}

export function useDiscountFormat() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const number = new Intl.NumberFormat(i18n.language);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return {
    window(discount: Pick<AdminDiscount, "startsAt" | "endsAt">): string {
      const from = discount.startsAt ? when.format(new Date(discount.startsAt)) : null;
      const to = discount.endsAt ? when.format(new Date(discount.endsAt)) : null;
      if (from && to) return t("discounts.window.between", { from, to });
      if (from) return t("discounts.window.from", { from });
      if (to) return t("discounts.window.until", { to });
      return t("discounts.window.always");
    },
    uses(discount: Pick<AdminDiscount, "used" | "maxRedemptions">): string {
      return discount.maxRedemptions === null
        ? t("discounts.uses_unlimited", { used: number.format(discount.used) })
        : t("discounts.uses_of", { used: number.format(discount.used), limit: number.format(discount.maxRedemptions) });
    },
    perCustomer(discount: Pick<AdminDiscount, "maxPerCustomer">): string {
      return discount.maxPerCustomer === null ? t("discounts.unlimited") : number.format(discount.maxPerCustomer);
    },
    minimum(discount: Pick<AdminDiscount, "minPurchase">): string {
      const minimum = parseMoney(discount.minPurchase);
      return minimum === 0 ? t("discounts.no_minimum") : formatUsd(minimum, locale, 2);
    },
  };
}
