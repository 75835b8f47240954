import { useId } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminCallTotals } from "../../../shared/api/admin-calls";
import { formatUsd, parseMoney } from "../../../shared/money";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { formatDuration } from "../../lib/call-log-format";

/** The sums over every call the filter finds, not only the page on screen; the margin red when it is a loss. */
export function AdminCallsTotals({ totals }: { totals: AdminCallTotals }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);
  const headingId = useId();
  const money = (decimal: string) => formatUsd(parseMoney(decimal), locale, 4);
  const items = [
    { key: "calls", label: t("admin_calls.totals.calls"), value: number.format(totals.calls) },
    { key: "talk", label: t("admin_calls.totals.talk_time"), value: formatDuration(totals.talkSeconds, locale) },
    { key: "minutes", label: t("admin_calls.totals.billed_minutes"), value: number.format(totals.billedMinutes) },
    { key: "revenue", label: t("admin_calls.totals.revenue"), value: money(totals.revenueUsd) },
    { key: "carrier", label: t("admin_calls.totals.carrier_cost"), value: money(totals.carrierCostUsd) },
    { key: "margin", label: t("admin_calls.totals.margin"), value: money(totals.marginUsd), loss: parseMoney(totals.marginUsd) < 0 },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t("admin_calls.totals.heading")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {items.map((item) => (
          <div key={item.key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{item.label}</dt>
            <dd className={cn("mt-1 text-xl font-semibold tabular-nums text-slate-900", item.loss && "text-red-700")}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
