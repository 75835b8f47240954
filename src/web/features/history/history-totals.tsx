import { useId } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { formatUsd, parseMoney } from "../../../shared/money";
import { useLocale } from "../../lib/use-locale";
import { formatDuration } from "../../lib/call-log-format";

export interface HistoryTotalsData {
  calls: number;
  talkSeconds: number;
  billedMinutes: number;
  costUsd: string;
}

/** The sums over every call the filter finds, not only the page on screen. */
export function HistoryTotals({ totals }: { totals: HistoryTotalsData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);
  const headingId = useId();
  const items = [
    { key: "calls", label: t("history.totals.calls"), value: number.format(totals.calls) },
    { key: "talk", label: t("history.totals.talk_time"), value: formatDuration(totals.talkSeconds, locale) },
    { key: "minutes", label: t("history.totals.billed_minutes"), value: number.format(totals.billedMinutes) },
    { key: "cost", label: t("history.totals.cost"), value: formatUsd(parseMoney(totals.costUsd), locale, 4) },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t("history.totals.heading")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{item.label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
