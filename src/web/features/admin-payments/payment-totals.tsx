import { useId } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { PaymentPeriod, PaymentPeriodTotals, PaymentTotals } from "../../../shared/api/admin-payments";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table";
import { useLocale } from "../../lib/use-locale";
import { formatPeriod, usd } from "./payment-format";

const FIGURE = "text-end tabular-nums whitespace-nowrap";

/** The filter's figures (every page, not only the one on screen), then the same per day, week or month. */
export function PaymentTotalsSummary({ totals, periods, period }: { totals: PaymentTotals; periods: PaymentPeriodTotals[]; period: PaymentPeriod }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);
  const headingId = useId();
  const items = [
    { key: "count", label: t("admin_payments.totals.count"), value: number.format(totals.count) },
    { key: "paid", label: t("admin_payments.totals.paid"), value: usd(totals.paid, locale) },
    { key: "refunded", label: t("admin_payments.totals.refunded"), value: usd(totals.refunded, locale) },
    { key: "net", label: t("admin_payments.totals.net"), value: usd(totals.net, locale) },
  ];
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t("admin_payments.totals.heading")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{item.label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{item.value}</dd>
          </div>
        ))}
      </dl>
      {periods.length > 0 ? (
        <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" open>
          <summary className="cursor-pointer font-medium text-slate-900">{t(`admin_payments.totals.per_${period}`)}</summary>
          <div className="mt-3">
            <Table label={t(`admin_payments.totals.per_${period}`)}>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>{t("admin_payments.totals.period")}</TableHeaderCell>
                  <TableHeaderCell className={FIGURE}>{t("admin_payments.totals.count")}</TableHeaderCell>
                  <TableHeaderCell className={FIGURE}>{t("admin_payments.totals.paid")}</TableHeaderCell>
                  <TableHeaderCell className={FIGURE}>{t("admin_payments.totals.refunded")}</TableHeaderCell>
                  <TableHeaderCell className={FIGURE}>{t("admin_payments.totals.net")}</TableHeaderCell>
                </TableRow>
              </TableHead>
              <tbody>
                {periods.map((row) => (
                  <TableRow key={row.start}>
                    <TableCell className="whitespace-nowrap">{formatPeriod(row.start, period, locale)}</TableCell>
                    <TableCell className={FIGURE}>{number.format(row.count)}</TableCell>
                    <TableCell className={FIGURE}>{usd(row.paid, locale)}</TableCell>
                    <TableCell className={FIGURE}>{usd(row.refunded, locale)}</TableCell>
                    <TableCell className={FIGURE}>{usd(row.net, locale)}</TableCell>
                  </TableRow>
                ))}
              </tbody>
            </Table>
          </div>
        </details>
      ) : null}
    </section>
  );
}
