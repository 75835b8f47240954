import { useTranslation } from "../../lib/i18n/use-translation";
import type { PurchaseQuote } from "../../../shared/api/purchase-quote";
import { parseMoney, type Money } from "../../../shared/money";
import { isolateText } from "../../components/ui/ltr";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { apiErrorMessage } from "../../lib/api-error-message";
import { formatRate } from "../../lib/rates/rate-format";

type Refusal = NonNullable<PurchaseQuote["refusal"]>;

/** Why a code was refused, in the reader's language (errors.discount_<reason>), with the code's minimum when it has one. */
export function refusalText(t: ReturnType<typeof useTranslation>["t"], refusal: Refusal, locale: string): string {
  const reason = t(`errors.discount_${refusal.reason}`);
  if (refusal.reason !== "below_minimum" || refusal.minPurchase === null) return reason;
  return `${reason} ${t("buy.code_minimum", { min: isolateText(formatRate(parseMoney(refusal.minPurchase), locale)) })}`;
}

/**
 * The refusal again beside the price and the Pay button it holds back. Not an alert: the code field says it
 * (phone-page.tsx), where the person typed, which on a phone is a screen above this.
 */
function RefusalNotice({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">{refusalText(t, refusal, locale)}</p>;
}

function Line({ label, value, strong, className }: { label: string; value: string; strong?: boolean; className?: string }) {
  return (
    <div className={cn("flex items-baseline justify-between gap-4", className)}>
      <dt className={strong ? "font-semibold text-slate-900" : "text-slate-700"}>{label}</dt>
      <dd className={cn("tabular-nums", strong ? "text-xl font-bold text-slate-900" : "font-medium text-slate-900")}>{value}</dd>
    </div>
  );
}

/**
 * The server's price of this purchase: what the card is charged, the credit, any bonus,
 * and the code's effect or why it was refused. Shown exactly as the checkout will charge.
 */
export function QuoteSummary({ quote, stale, error }: { quote: PurchaseQuote | undefined; stale: boolean; error: unknown }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const usd = (decimal: string) => formatRate(parseMoney(decimal), locale);
  if (!quote) {
    return error ? (
      <p role="alert" className="text-sm text-red-800">
        {t("buy.quote_error")} {apiErrorMessage(t, error)}
      </p>
    ) : (
      <p className="text-sm text-slate-600">{t("buy.quote_loading")}</p>
    );
  }
  const bonus: Money = parseMoney(quote.bonus);
  const saved: Money = parseMoney(quote.requested) - parseMoney(quote.pay);
  return (
    <div className={cn("space-y-3 transition-opacity", stale && "opacity-60")} aria-busy={stale}>
      {quote.refusal ? <RefusalNotice refusal={quote.refusal} /> : null}
      {quote.discount ? (
        <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
          {quote.discount.kind === "bonus"
            ? t("buy.code_bonus", { code: quote.discount.code, percent: new Intl.NumberFormat(locale, { style: "percent" }).format(quote.discount.percent / 100) })
            : t("buy.code_percent_off", { code: quote.discount.code, percent: new Intl.NumberFormat(locale, { style: "percent" }).format(quote.discount.percent / 100) })}
        </p>
      ) : null}
      <dl className="space-y-2 text-sm">
        <Line label={t("buy.line_credit")} value={usd(quote.credit)} />
        {bonus > 0 ? <Line label={t("buy.line_bonus")} value={`+${usd(quote.bonus)}`} className="text-emerald-800" /> : null}
        <Line label={t("buy.line_total_credit")} value={usd(quote.totalCredit)} />
        {saved > 0 ? <Line label={t("buy.line_discount")} value={`−${formatRate(saved, locale)}`} /> : null}
        <Line label={t("buy.line_pay")} value={usd(quote.pay)} strong className="border-t border-slate-200 pt-2" />
      </dl>
    </div>
  );
}
