import { Pencil } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminCountryRate } from "../../../shared/api/admin-rates";
import { Button } from "../../components/ui/button";
import { Ltr } from "../../components/ui/ltr";
import { Switch } from "../../components/ui/switch";
import { TableCell, TableRow } from "../../components/ui/table";
import { useCountryName } from "../../lib/rates/country-names";
import type { CountryRateUpdate } from "./admin-rates-api";
import { BandNote, ChargedRate, SourceBadge } from "./charged-prices";
import { RateEditor } from "./rate-editor";
import { useEditButtonFocus } from "./use-edit-button-focus";
import { formatDateTime } from "./rate-format";

export const COLUMN_COUNT = 9;

export interface CountryRateItemProps {
  country: AdminCountryRate;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (change: CountryRateUpdate) => void;
}

/** One country: its charged prices, the popular switch (saved at once), where the price comes from, and the editor when open. */
export function CountryRateRow({ country, editing, saving, onEdit, onCancel, onSave }: CountryRateItemProps) {
  const { t, i18n } = useTranslation();
  const nameOf = useCountryName();
  const name = nameOf(country.country_code);
  const editButton = useEditButtonFocus(editing);
  return (
    <>
      <TableRow className={editing ? "bg-brand-50/40" : undefined}>
        <TableCell className="min-w-40 font-medium text-slate-900">{name}</TableCell>
        <TableCell className="font-mono">{country.country_code}</TableCell>
        <TableCell className="whitespace-nowrap tabular-nums">
          <Ltr>{country.dial_code}</Ltr>
        </TableCell>
        <TableCell className="whitespace-nowrap">
          <ChargedRate country={country} end="cheapest" />
        </TableCell>
        <TableCell className="whitespace-nowrap">
          <ChargedRate country={country} end="most_expensive" />
        </TableCell>
        <TableCell>
          <Switch
            checked={country.is_popular}
            disabled={saving}
            onCheckedChange={(checked) => onSave({ version: country.version, is_popular: checked })}
            aria-label={t("admin_rates.popular_toggle_label", { country: name })}
          />
        </TableCell>
        <TableCell>
          <span className="flex flex-col items-start gap-1">
            <SourceBadge country={country} />
            <BandNote country={country} className="whitespace-nowrap text-xs text-slate-600" />
          </span>
        </TableCell>
        <TableCell className="whitespace-nowrap text-slate-600">{formatDateTime(country.last_updated, i18n.language)}</TableCell>
        <TableCell>
          <Button ref={editButton} variant="ghost" size="sm" onClick={onEdit} disabled={editing} aria-expanded={editing} aria-label={t("admin_rates.edit_label", { country: name })}>
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
