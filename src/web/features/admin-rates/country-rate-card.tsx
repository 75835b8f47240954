import { Pencil } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Button } from "../../components/ui/button";
import { Ltr } from "../../components/ui/ltr";
import { Switch } from "../../components/ui/switch";
import { useCountryName } from "../../lib/rates/country-names";
import { BandNote, ChargedRate, SourceBadge } from "./charged-prices";
import type { CountryRateItemProps } from "./country-rate-row";
import { RateEditor } from "./rate-editor";
import { useEditButtonFocus } from "./use-edit-button-focus";
import { formatDateTime } from "./rate-format";

/** One country on a phone: the table row's facts stacked in a card, the editor opening inside it. */
export function CountryRateCard({ country, editing, saving, onEdit, onCancel, onSave }: CountryRateItemProps) {
  const { t, i18n } = useTranslation();
  const nameOf = useCountryName();
  const name = nameOf(country.country_code);
  const editButton = useEditButtonFocus(editing);
  const popularId = useId();
  return (
    <li className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{name}</h3>
          <p className="text-sm text-slate-500">
            <span className="font-mono">{country.country_code}</span> · <Ltr className="tabular-nums">{country.dial_code}</Ltr>
          </p>
        </div>
        <SourceBadge country={country} />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">{t("admin_rates.column.cheapest")}</dt>
          <dd className="font-medium text-slate-900">
            <ChargedRate country={country} end="cheapest" />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("admin_rates.column.most_expensive")}</dt>
          <dd className="font-medium text-slate-900">
            <ChargedRate country={country} end="most_expensive" />
          </dd>
        </div>
      </dl>
      <BandNote country={country} className="block text-sm text-slate-600" />
      <p className="text-xs text-slate-500">
        {t("admin_rates.column.last_updated")}: {formatDateTime(country.last_updated, i18n.language)}
      </p>
      <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <span className="flex items-center gap-2 text-sm text-slate-700">
          <Switch
            id={popularId}
            checked={country.is_popular}
            disabled={saving}
            onCheckedChange={(checked) => onSave({ version: country.version, is_popular: checked })}
            aria-label={t("admin_rates.popular_toggle_label", { country: name })}
          />
          <label htmlFor={popularId} aria-hidden="true">
            {t("admin_rates.column.popular")}
          </label>
        </span>
        <Button ref={editButton} variant="secondary" size="sm" onClick={onEdit} disabled={editing} aria-expanded={editing} aria-label={t("admin_rates.edit_label", { country: name })}>
          <Pencil aria-hidden="true" className="size-4" />
          {t("admin_rates.edit")}
        </Button>
      </div>
      {editing ? <RateEditor country={country} saving={saving} onSave={onSave} onCancel={onCancel} /> : null}
    </li>
  );
}
