import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminCountryRate } from "../../../shared/api/admin-rates";
import { checkAdminBand } from "../../../shared/rates/admin-price";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Switch } from "../../components/ui/switch";
import type { CountryRateUpdate } from "./admin-rates-api";

/**
 * The inline editor of one country's band. With manual override on, the typed
 * prices are what customers are charged and shown; turning it off restores the
 * deck's prices. Prices are checked with the server's own rules before sending.
 */
export function RateEditor({
  country,
  saving,
  onSave,
  onCancel,
}: {
  country: AdminCountryRate;
  saving: boolean;
  onSave: (change: CountryRateUpdate) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [override, setOverride] = useState(country.manual_override);
  const [cheapest, setCheapest] = useState(country.our_cheapest_rate);
  const [mostExpensive, setMostExpensive] = useState(country.our_most_expensive_rate);
  const [error, setError] = useState<{ field: "cheapest" | "most_expensive"; message: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!override) {
      onSave({ version: country.version, manual_override: false });
      return;
    }
    const band = checkAdminBand(cheapest, mostExpensive);
    if (!band.ok) {
      setError({ field: band.field, message: t(`errors.${band.code}`) });
      return;
    }
    setError(null);
    onSave({ version: country.version, manual_override: true, our_cheapest_rate: cheapest.trim(), our_most_expensive_rate: mostExpensive.trim() });
  };

  return (
    <form onSubmit={submit} onKeyDown={(event) => event.key === "Escape" && onCancel()} className="grid gap-4 rounded-xl bg-slate-50 p-4 sm:grid-cols-2">
      <div className="flex items-start gap-3 sm:col-span-2">
        <Switch id={`override-${country.country_code}`} checked={override} onCheckedChange={setOverride} aria-describedby={`override-hint-${country.country_code}`} />
        <div>
          <label htmlFor={`override-${country.country_code}`} className="font-medium text-slate-900">
            {t("admin_rates.override_label")}
          </label>
          <p id={`override-hint-${country.country_code}`} className="text-sm text-slate-600">
            {override ? t("admin_rates.override_hint") : t("admin_rates.override_off_hint")}
          </p>
        </div>
      </div>
      <Field label={t("admin_rates.cheapest_label")} error={error?.field === "cheapest" ? error.message : undefined}>
        <Input inputMode="decimal" autoComplete="off" value={cheapest} disabled={!override} onChange={(event) => setCheapest(event.target.value)} autoFocus />
      </Field>
      <Field label={t("admin_rates.most_expensive_label")} error={error?.field === "most_expensive" ? error.message : undefined}>
        <Input inputMode="decimal" autoComplete="off" value={mostExpensive} disabled={!override} onChange={(event) => setMostExpensive(event.target.value)} />
      </Field>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={saving}>
          {t("admin_rates.save")}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={saving}>
          {t("admin_rates.cancel")}
        </Button>
      </div>
    </form>
  );
}
