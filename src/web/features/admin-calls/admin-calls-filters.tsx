import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CALL_DIRECTIONS } from "../../../shared/api/admin-calls";
import { CALL_STATUSES } from "../../../shared/api/calls";
import { COUNTRIES } from "../../../shared/countries/countries";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { TextFilter } from "../../components/ui/search-field";
import { useCountryName } from "../../lib/rates/country-names";
import { statusKey } from "../../components/call-log-cells";
import { isFiltered, rangeIsBackwards, type AdminCallsFilter, type AdminCallsFilterName } from "./admin-calls-api";

const SELECT = "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40";
const LABEL = "block text-sm font-medium text-slate-800";

/** One field's new value ("" clears it), or null to clear them all. */
export type AdminCallsFilterChange = { name: AdminCallsFilterName; value: string } | null;

/** Days, status, direction, country, a part of the customer's email and of the number; each change applies at once. */
export function AdminCallsFilters({ filter, onChange }: { filter: AdminCallsFilter; onChange: (change: AdminCallsFilterChange) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const nameOf = useCountryName();
  const backwards = rangeIsBackwards(filter);
  const set = (name: AdminCallsFilterName, value: string) => onChange({ name, value });
  const commitEmail = useMemo(() => (value: string) => onChange({ name: "email", value }), [onChange]);
  const commitNumber = useMemo(() => (value: string) => onChange({ name: "number", value }), [onChange]);
  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return COUNTRIES.map((country) => ({ code: country.code, name: nameOf(country.code) })).sort((a, b) => collator.compare(a.name, b.name));
  }, [nameOf, i18n.language]);

  return (
    <form role="search" aria-label={t("admin_calls.filters_label")} className="space-y-2" onSubmit={(event) => event.preventDefault()}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextFilter id={`${id}-email`} label={t("admin_calls.filter_email")} hint={t("admin_calls.filter_email_hint")} value={filter.email ?? ""} type="search" onCommit={commitEmail} />
        <TextFilter id={`${id}-number`} label={t("admin_calls.filter_number")} hint={t("admin_calls.filter_number_hint")} value={filter.number ?? ""} type="tel" onCommit={commitNumber} />
        <div className="space-y-1.5">
          <label htmlFor={`${id}-country`} className={LABEL}>
            {t("admin_calls.filter_country")}
          </label>
          <select id={`${id}-country`} className={SELECT} value={filter.country ?? ""} onChange={(event) => set("country", event.target.value)}>
            <option value="">{t("admin_calls.filter_any_country")}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-direction`} className={LABEL}>
            {t("admin_calls.filter_direction")}
          </label>
          <select id={`${id}-direction`} className={SELECT} value={filter.direction ?? ""} onChange={(event) => set("direction", event.target.value)}>
            <option value="">{t("admin_calls.filter_any_direction")}</option>
            {CALL_DIRECTIONS.map((direction) => (
              <option key={direction} value={direction}>
                {t(`admin_calls.direction.${direction}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-status`} className={LABEL}>
            {t("history.filter_status")}
          </label>
          <select id={`${id}-status`} className={SELECT} value={filter.status ?? ""} onChange={(event) => set("status", event.target.value)}>
            <option value="">{t("history.filter_any_status")}</option>
            {CALL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(statusKey(status))}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-from`} className={LABEL}>
            {t("history.filter_from")}
          </label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filter.from ?? ""}
            max={filter.to}
            onChange={(event) => set("from", event.target.value)}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? `${id}-range` : undefined}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-to`} className={LABEL}>
            {t("history.filter_to")}
          </label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filter.to ?? ""}
            min={filter.from}
            onChange={(event) => set("to", event.target.value)}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? `${id}-range` : undefined}
          />
        </div>
        <div className="flex items-end">
          {isFiltered(filter) ? (
            <Button variant="ghost" className="h-11" onClick={() => onChange(null)}>
              {t("history.clear_filters")}
            </Button>
          ) : null}
        </div>
      </div>
      {backwards ? (
        <p id={`${id}-range`} role="alert" className="text-sm text-red-700">
          {t("history.range_backwards")}
        </p>
      ) : null}
    </form>
  );
}
