import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { ContactImportReport } from "../../../shared/api/contacts";
import { isolateText, Ltr } from "../../components/ui/ltr";
import { formatExact } from "../../lib/call-log-format";
import { formatPhoneNumber } from "../../lib/phone-format";
import { useLocale } from "../../lib/use-locale";

type Source = ContactImportReport["refused"][number]["source"];

function Section({ title, tone = "default", children }: { title: string; tone?: "default" | "warning"; children: ReactNode }) {
  return (
    <section className="space-y-1.5">
      <h3 className={tone === "warning" ? "text-sm font-semibold text-amber-900" : "text-sm font-semibold text-slate-900"}>{title}</h3>
      <ul className="max-h-48 space-y-1 overflow-y-auto rounded-lg bg-slate-50 p-2 text-sm">{children}</ul>
    </section>
  );
}

/** "Line 4" of a CSV file, "Card 3" of a vCard file. */
function SourceLabel({ source }: { source: Source }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language).format(source.number);
  return <span className="shrink-0 text-slate-500">{source.kind === "line" ? t("contacts.import.line", { number }) : t("contacts.import.card", { number })}</span>;
}

/** A name from the file, or a dash when the entry had none. */
const nameOrDash = (name: string) => name || "—";

/** What importing the file would do: the contacts to add, the numbers merged into saved ones, and the entries refused with why. */
export function ImportReportView({ report }: { report: ContactImportReport }) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const number = new Intl.NumberFormat(i18n.language);
  const overLimit = report.existing + report.toAdd.length > report.max;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t("contacts.import.summary", { read: number.format(report.read) })}</p>
      {overLimit ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {t("contacts.import.over_limit", { existing: number.format(report.existing), adding: number.format(report.toAdd.length), max: number.format(report.max) })}
        </p>
      ) : null}
      {report.toAdd.length === 0 ? <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{t("contacts.import.nothing_new")}</p> : null}
      {report.toAdd.length > 0 ? (
        <Section title={t("contacts.import.to_add", { total: number.format(report.toAdd.length) })}>
          {report.toAdd.map((entry) => (
            <li key={entry.phone} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium text-slate-900">{entry.name}</span>
              <span className="flex gap-3 text-slate-600">
                <Ltr className="tabular-nums">{formatPhoneNumber(entry.phone)}</Ltr>
                <span className="tabular-nums">{t("contacts.per_minute", { price: isolateText(formatExact(entry.rate, locale)) })}</span>
              </span>
            </li>
          ))}
        </Section>
      ) : null}
      {report.merged.length > 0 ? (
        <Section title={t("contacts.import.merged", { total: number.format(report.merged.length) })}>
          {report.merged.map((entry, index) => (
            <li key={`${entry.source.number}-${index}`} className="flex flex-wrap gap-x-2">
              <SourceLabel source={entry.source} />
              <Ltr className="tabular-nums">{formatPhoneNumber(entry.phone)}</Ltr>
              <span className="text-slate-600">
                {entry.existing ? t("contacts.import.merged_existing", { name: isolateText(entry.into) }) : t("contacts.import.merged_in_file", { name: isolateText(entry.into) })}
              </span>
            </li>
          ))}
        </Section>
      ) : null}
      {report.refused.length > 0 ? (
        <Section title={t("contacts.import.refused", { total: number.format(report.refused.length) })} tone="warning">
          {report.refused.map((entry, index) => (
            <li key={`${entry.source.number}-${index}`} className="flex flex-wrap gap-x-2">
              <SourceLabel source={entry.source} />
              <span className="font-medium text-slate-900">{nameOrDash(entry.name)}</span>
              {entry.number ? <Ltr className="tabular-nums text-slate-700">{entry.number}</Ltr> : null}
              <span className="text-amber-900">{t(`contacts.refusal.${entry.reason}`)}</span>
            </li>
          ))}
        </Section>
      ) : null}
    </div>
  );
}
