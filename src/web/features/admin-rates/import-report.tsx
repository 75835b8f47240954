import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { RateImportReport } from "../../../shared/api/admin-rates";
import { useCountryName } from "../../lib/rates/country-names";
import { formatRate } from "./rate-format";

type Band = { cheapest: string; mostExpensive: string };

function BandText({ band }: { band: Band }) {
  const { t, i18n } = useTranslation();
  return <span className="tabular-nums">{t("admin_rates.range", { from: formatRate(band.cheapest, i18n.language), to: formatRate(band.mostExpensive, i18n.language) })}</span>;
}

function Change({ before, after }: { before: Band; after: Band }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <BandText band={before} />
      <ArrowRight aria-hidden="true" className="size-3.5 text-slate-400 rtl:rotate-180" />
      <span className="sr-only">{t("admin_rates.changed_to")}</span>
      <BandText band={after} />
    </span>
  );
}

function Section({ title, children, tone = "default" }: { title: string; children: ReactNode; tone?: "default" | "danger" }) {
  return (
    <section className="space-y-1.5">
      <h3 className={tone === "danger" ? "text-sm font-semibold text-red-800" : "text-sm font-semibold text-slate-900"}>{title}</h3>
      <ul className="max-h-48 space-y-1 overflow-y-auto rounded-lg bg-slate-50 p-2 text-sm">{children}</ul>
    </section>
  );
}

/** What an import would change: rejected lines first (they block it), then added, removed and re-priced countries. */
export function ImportReportView({ report }: { report: RateImportReport }) {
  const { t, i18n } = useTranslation();
  const nameOf = useCountryName();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t("admin_rates.import_summary", { rows: number.format(report.deckRows), countries: number.format(report.countries) })}</p>
      {report.rejected.length > 0 ? (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-red-800">{t("admin_rates.import_rejected_hint")}</p>
          <Section title={t("admin_rates.import_rejected", { total: number.format(report.rejected.length) })} tone="danger">
            {report.rejected.map((item) => (
              <li key={item.line} className="flex gap-2">
                <span className="shrink-0 font-medium">{t("admin_rates.import_line", { line: number.format(item.line) })}</span>
                {/* The parser's reason names the column and value; it is technical text and stays as written. */}
                <span dir="ltr" className="text-slate-700">
                  {item.reason}
                </span>
              </li>
            ))}
          </Section>
        </div>
      ) : null}
      {report.added.length > 0 ? (
        <Section title={t("admin_rates.import_added", { total: number.format(report.added.length) })}>
          {report.added.map((item) => (
            <li key={item.code} className="flex flex-wrap justify-between gap-2">
              <span>{nameOf(item.code)}</span>
              <BandText band={item.after} />
            </li>
          ))}
        </Section>
      ) : null}
      {report.removed.length > 0 ? (
        <Section title={t("admin_rates.import_removed", { total: number.format(report.removed.length) })}>
          {report.removed.map((item) => (
            <li key={item.code} className="flex flex-wrap justify-between gap-2">
              <span>{nameOf(item.code)}</span>
              <BandText band={item.before} />
            </li>
          ))}
        </Section>
      ) : null}
      {report.repriced.length > 0 ? (
        <Section title={t("admin_rates.import_repriced", { total: number.format(report.repriced.length) })}>
          {report.repriced.map((item) => (
            <li key={item.code} className="flex flex-wrap justify-between gap-2">
              <span>{nameOf(item.code)}</span>
              <Change before={item.before} after={item.after} />
            </li>
          ))}
        </Section>
      ) : null}
      {report.keptOverrides.length > 0 ? (
        <Section title={t("admin_rates.import_kept", { total: number.format(report.keptOverrides.length) })}>
          {report.keptOverrides.map((item) => (
            <li key={item.code} className="flex flex-wrap justify-between gap-2">
              <span>{nameOf(item.code)}</span>
              <BandText band={item.band} />
            </li>
          ))}
        </Section>
      ) : null}
      <p className="text-sm text-slate-600">
        {report.added.length + report.removed.length + report.repriced.length === 0 ? `${t("admin_rates.import_no_changes")} ` : ""}
        {t("admin_rates.import_unchanged", { total: number.format(report.unchanged) })}
      </p>
    </div>
  );
}
