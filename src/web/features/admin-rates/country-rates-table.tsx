import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminCountryRate } from "../../../shared/api/admin-rates";
import { Table, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table";
import type { CountryRateUpdate } from "./admin-rates-api";
import { CountryRateRow } from "./country-rate-row";
import { SortHeader, type SortState } from "./sort-header";

/** The countries of one page, sortable by column, one row open for editing at a time. */
export function CountryRatesTable({
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
  return (
    <Table label={t("admin_rates.table_label")}>
      <TableHead>
        <TableRow>
          <SortHeader column="name" label={t("admin_rates.column.country")} state={sort} onSort={onSort} />
          <SortHeader column="code" label={t("admin_rates.column.code")} state={sort} onSort={onSort} />
          <TableHeaderCell>{t("admin_rates.column.dial_code")}</TableHeaderCell>
          <SortHeader column="cheapest" label={t("admin_rates.column.cheapest")} state={sort} onSort={onSort} />
          <SortHeader column="most_expensive" label={t("admin_rates.column.most_expensive")} state={sort} onSort={onSort} />
          <TableHeaderCell>{t("admin_rates.column.popular")}</TableHeaderCell>
          <TableHeaderCell>{t("admin_rates.column.source")}</TableHeaderCell>
          <SortHeader column="last_updated" label={t("admin_rates.column.last_updated")} state={sort} onSort={onSort} />
          <TableHeaderCell>
            <span className="sr-only">{t("admin_rates.column.actions")}</span>
          </TableHeaderCell>
        </TableRow>
      </TableHead>
      <tbody>
        {countries.map((country) => (
          <CountryRateRow
            key={country.country_code}
            country={country}
            editing={editing === country.country_code}
            saving={savingCode === country.country_code}
            onEdit={() => onEdit(country.country_code)}
            onCancel={() => onEdit(null)}
            onSave={(change) => onSave(country, change)}
          />
        ))}
      </tbody>
    </Table>
  );
}
