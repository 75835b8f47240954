import { useId, useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { CALL_DIRECTIONS } from "../../../shared/api/admin-calls";
import { COUNTRIES } from "../../../shared/countries/countries";
import { ChoiceFilter, DayRangeFields, ListFilters } from "../../components/list-page/list-filters";
import type { FilterChange } from "../../components/list-page/list-search";
import { TextFilter } from "../../components/ui/text-filter";
import { useCountryName } from "../../lib/rates/country-names";
import { CallStatusFilter } from "../../components/call-status-filter";
import { ADMIN_CALLS_SEARCH, rangeIsBackwards, type AdminCallsFilter, type AdminCallsFilterName } from "./admin-calls-api";

/** One field's new value ("" clears it), or null to clear them all. */
export type AdminCallsFilterChange = FilterChange<AdminCallsFilter>;

/** Days, status, direction, country, a part of the customer's email and of the number; each change applies at once. */
export function AdminCallsFilters({ filter, onChange }: { filter: AdminCallsFilter; onChange: (change: AdminCallsFilterChange) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const nameOf = useCountryName();
  const set = (name: AdminCallsFilterName, value: string) => onChange({ name, value });
  const commitEmail = useMemo(() => (value: string) => onChange({ name: "email", value }), [onChange]);
  const commitNumber = useMemo(() => (value: string) => onChange({ name: "number", value }), [onChange]);
  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return COUNTRIES.map((country) => ({ value: country.code, label: nameOf(country.code) })).sort((a, b) => collator.compare(a.label, b.label));
  }, [nameOf, i18n.language]);

  return (
    <ListFilters
      id={id}
      label={t("admin_calls.filters_label")}
      gridClassName="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      filtered={ADMIN_CALLS_SEARCH.isFiltered(filter)}
      onClear={() => onChange(null)}
      backwards={rangeIsBackwards(filter)}
    >
      <TextFilter id={`${id}-email`} label={t("admin_calls.filter_email")} hint={t("admin_calls.filter_email_hint")} value={filter.email ?? ""} type="search" dir="ltr" onCommit={commitEmail} />
      <TextFilter id={`${id}-number`} label={t("admin_calls.filter_number")} hint={t("admin_calls.filter_number_hint")} value={filter.number ?? ""} type="tel" dir="ltr" onCommit={commitNumber} />
      <ChoiceFilter
        id={`${id}-country`}
        label={t("admin_calls.filter_country")}
        anyLabel={t("admin_calls.filter_any_country")}
        value={filter.country ?? ""}
        choices={countries}
        onChange={(value) => set("country", value)}
      />
      <ChoiceFilter
        id={`${id}-direction`}
        label={t("admin_calls.filter_direction")}
        anyLabel={t("admin_calls.filter_any_direction")}
        value={filter.direction ?? ""}
        choices={CALL_DIRECTIONS.map((direction) => ({ value: direction, label: t(`admin_calls.direction.${direction}`) }))}
        onChange={(value) => set("direction", value)}
      />
      <CallStatusFilter id={`${id}-status`} value={filter.status ?? ""} onChange={(value) => set("status", value)} />
      <DayRangeFields id={id} from={filter.from} to={filter.to} onChange={set} />
    </ListFilters>
  );
}
