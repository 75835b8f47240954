import { ArrowRight, History } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { RateAuditEntry } from "../../../shared/api/admin-rates";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useCountryName } from "../../lib/rates/country-names";
import { useRatesAudit } from "./admin-rates-api";
import { apiErrorMessage } from "../../lib/api-error-message";
import { ListPager } from "../../components/list-page/list-pager";
import { pageCountOf } from "../../../shared/api/paging";
import { formatDateTime, formatRate } from "./rate-format";

const PRICE_FIELDS = new Set(["our_cheapest_rate", "our_most_expensive_rate", "landline_rate", "mobile_rate"]);

function useFieldText() {
  const { t, i18n } = useTranslation();
  const labels: Record<string, string> = {
    our_cheapest_rate: t("admin_rates.column.cheapest"),
    our_most_expensive_rate: t("admin_rates.column.most_expensive"),
    landline_rate: t("admin_rates.field.landline"),
    mobile_rate: t("admin_rates.field.mobile"),
    is_popular: t("admin_rates.column.popular"),
    manual_override: t("admin_rates.override_label"),
  };
  const value = (field: string, raw: unknown): string => {
    if (raw === null || raw === undefined) return t("admin_rates.none");
    if (typeof raw === "boolean") return raw ? t("admin_rates.on") : t("admin_rates.off");
    if (PRICE_FIELDS.has(field) && typeof raw === "string" && /^\d+\.\d{4}$/.test(raw)) return formatRate(raw, i18n.language);
    return String(raw);
  };
  return { label: (field: string) => labels[field] ?? field, value };
}

const asRecord = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {});
const countOf = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** One change: the country edit's fields that changed (before → after), or an import's totals. */
function AuditEntry({ entry }: { entry: RateAuditEntry }) {
  const { t, i18n } = useTranslation();
  const fields = useFieldText();
  const nameOf = useCountryName();
  const number = new Intl.NumberFormat(i18n.language);
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const isImport = entry.action === "rate_deck.import";
  const changed = isImport ? [] : Object.keys(after).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  return (
    <li className="space-y-1.5 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-slate-900">
          {isImport ? t("admin_rates.audit_import", { source: String(after.source ?? "") }) : t("admin_rates.audit_update", { country: entry.subjectId === null ? "" : nameOf(entry.subjectId) })}
        </p>
        <p className="text-xs text-slate-500">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, i18n.language)}</time>
          <span className="ms-2">{entry.actor ? t("admin_rates.audit_by", { actor: entry.actor.email }) : t("admin_rates.audit_by_cli")}</span>
        </p>
      </div>
      {isImport ? (
        <p className="text-sm text-slate-600">
          {t("admin_rates.audit_import_details", {
            rows: number.format(Number(after.deckRows ?? 0)),
            added: number.format(countOf(after.added)),
            removed: number.format(countOf(after.removed)),
            repriced: number.format(countOf(after.repriced)),
          })}
        </p>
      ) : (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {changed.map((field) => (
            <div key={field} className="contents">
              <dt className="text-slate-600">{fields.label(field)}</dt>
              <dd className="inline-flex flex-wrap items-center gap-1 tabular-nums">
                <span>{fields.value(field, before[field])}</span>
                <ArrowRight aria-hidden="true" className="size-3.5 text-slate-400 rtl:rotate-180" />
                <span className="sr-only">{t("admin_rates.changed_to")}</span>
                <span className="font-medium">{fields.value(field, after[field])}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/** The rates audit trail: who changed what, when, from what to what. */
export function AuditList() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useRatesAudit(page);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card className="space-y-3">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <History aria-hidden="true" className="size-5 text-brand-600" />
        {t("admin_rates.audit_title")}
      </h2>
      {audit.isPending ? <Spinner /> : null}
      {audit.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {apiErrorMessage(t, audit.error)}
        </p>
      ) : null}
      {audit.data && audit.data.entries.length === 0 ? <p className="text-sm text-slate-600">{t("admin_rates.audit_empty")}</p> : null}
      {audit.data && audit.data.entries.length > 0 ? (
        <>
          <ul className="divide-y divide-slate-100">
            {audit.data.entries.map((entry) => (
              <AuditEntry key={entry.id} entry={entry} />
            ))}
          </ul>
          <ListPager
            label={t("admin_rates.pagination")}
            page={audit.data.page}
            pageCount={pageCountOf(audit.data.total, audit.data.pageSize)}
            onChange={setPage}
            note={t("admin_rates.total_changes", { total: number.format(audit.data.total) })}
          />
        </>
      ) : null}
    </Card>
  );
}
