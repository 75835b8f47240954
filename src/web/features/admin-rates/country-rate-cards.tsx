import { useId } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { ADMIN_RATE_SORTS, type AdminCountryRate, type AdminRateSort } from "../../../shared/api/admin-rates";
import type { CountryRateUpdate } from "./admin-rates-api";
import { CountryRateCard } from "./country-rate-card";
import type { SortState } from "./sort-header";

const SORT_LABEL_KEYS: Record<AdminRateSort, string> = {
  name: "admin_rates.column.country",
  code: "admin_rates.column.code",
  cheapest: "admin_rates.column.cheapest",
  most_expensive: "admin_rates.column.most_expensive",
  last_updated: "admin_rates.column.last_updated",
};

const SELECT = "mt-1 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900";

/** The countries of one page as cards, for phones: the same facts and actions as the table, with the sort as two menus. */
export function CountryRateCards({
  countries,
  sort,
  onSort,
  editing,
  savingCode,
  onEdit,
  onSave,
}: {
  countries: readonly AdminCountryRate[];
  sort: SortState;
  onSort: (next: SortState) => void;
  editing: string | null;
  savingCode: string | null;
  onEdit: (code: string | null) => void;
  onSave: (country: AdminCountryRate, change: CountryRateUpdate) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-3">
        <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-slate-800">
          {t("admin_rates.sort_label")}
          <select id={`${id}-sort`} className={SELECT} value={sort.sort} onChange={(event) => onSort({ ...sort, sort: event.target.value as AdminRateSort })}>
            {ADMIN_RATE_SORTS.map((column) => (
              <option key={column} value={column}>
                {t(SORT_LABEL_KEYS[column])}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-dir`} className="block text-sm font-medium text-slate-800">
          {t("admin_rates.sort_direction")}
          <select id={`${id}-dir`} className={SELECT} value={sort.dir} onChange={(event) => onSort({ ...sort, dir: event.target.value === "desc" ? "desc" : "asc" })}>
            <option value="asc">{t("admin_rates.sort_asc")}</option>
            <option value="desc">{t("admin_rates.sort_desc")}</option>
          </select>
        </label>
      </div>
      <ul aria-label={t("admin_rates.table_label")} className="space-y-3">
        {countries.map((country) => (
          <CountryRateCard
            key={country.country_code}
            country={country}
            editing={editing === country.country_code}
            saving={savingCode === country.country_code}
            onEdit={() => onEdit(country.country_code)}
            onCancel={() => onEdit(null)}
            onSave={(change) => onSave(country, change)}
          />
        ))}
      </ul>
    </div>
  );
}
