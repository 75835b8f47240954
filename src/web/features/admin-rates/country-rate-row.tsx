import { Pencil } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AdminCountryRate } from "../../../shared/api/admin-rates";
import { Button } from "../../components/ui/button";
import { Switch } from "../../components/ui/switch";
import { TableCell, TableRow } from "../../components/ui/table";
import type { CountryRateUpdate } from "./admin-rates-api";
import { RateEditor } from "./rate-editor";
import { formatDateTime, formatRate } from "./rate-format";

export const COLUMN_COUNT = 9;

/** One country: its prices, the popular switch (saved at once), where the price comes from, and the editor when open. */
export function CountryRateRow({
  country,
  editing,
  saving,
  onEdit,
  onCancel,
  onSave,
}: {
  country: AdminCountryRate;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (change: CountryRateUpdate) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <>
      <TableRow className={editing ? "bg-brand-50/40" : undefined}>
        <TableCell className="min-w-40 font-medium text-slate-900">{country.country_name}</TableCell>
        <TableCell className="font-mono">{country.country_code}</TableCell>
        <TableCell className="whitespace-nowrap tabular-nums" dir="ltr">
          {country.dial_code}
        </TableCell>
        <TableCell className="whitespace-nowrap tabular-nums">{formatRate(country.our_cheapest_rate, locale)}</TableCell>
        <TableCell className="whitespace-nowrap tabular-nums">{formatRate(country.our_most_expensive_rate, locale)}</TableCell>
        <TableCell>
          <Switch
            checked={country.is_popular}
            disabled={saving}
            onCheckedChange={(checked) => onSave({ version: country.version, is_popular: checked })}
            aria-label={t("admin_rates.popular_toggle_label", { country: country.country_name })}
          />
        </TableCell>
        <TableCell>
          <span
            className={
              country.manual_override
                ? "inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
                : "inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
            }
          >
            {country.manual_override ? t("admin_rates.override_badge") : t("admin_rates.deck_badge")}
          </span>
        </TableCell>
        <TableCell className="whitespace-nowrap text-slate-600">{formatDateTime(country.last_updated, locale)}</TableCell>
        <TableCell>
          <Button variant="ghost" size="sm" onClick={onEdit} disabled={editing} aria-expanded={editing} aria-label={t("admin_rates.edit_label", { country: country.country_name })}>
            <Pencil aria-hidden="true" className="size-4" />
            {t("admin_rates.edit")}
          </Button>
        </TableCell>
      </TableRow>
      {editing ? (
        <TableRow>
          <TableCell colSpan={COLUMN_COUNT}>
            <RateEditor country={country} saving={saving} onSave={onSave} onCancel={onCancel} />
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}
