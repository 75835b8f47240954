import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminCountryRate } from "../../../shared/api/admin-rates";
import { formatRate } from "./rate-format";

/**
 * What a country's numbers are charged now (the server's quotes), as the admin
 * table shows it: one end of the range, or a note when no number can be called.
 */
export function ChargedRate({ country, end }: { country: AdminCountryRate; end: "cheapest" | "most_expensive" }) {
  const { t, i18n } = useTranslation();
  const rate = end === "cheapest" ? country.charged_cheapest_rate : country.charged_most_expensive_rate;
  if (rate === null) return <span className="text-slate-500">{t("admin_rates.not_callable")}</span>;
  return <span className="tabular-nums">{formatRate(rate, i18n.language)}</span>;
}

/** Under manual override: the band the admin set, which the charged prices are clamped into. */
export function BandNote({ country, className }: { country: AdminCountryRate; className?: string }) {
  const { t, i18n } = useTranslation();
  if (!country.manual_override) return null;
  const range = t("admin_rates.range", { from: formatRate(country.our_cheapest_rate, i18n.language), to: formatRate(country.our_most_expensive_rate, i18n.language) });
  return <span className={className}>{t("admin_rates.band", { range })}</span>;
}

/** "Manual price" or "Rate deck": where the country's prices come from. */
export function SourceBadge({ country }: { country: AdminCountryRate }) {
  const { t } = useTranslation();
  return (
    <span
      className={
        country.manual_override
          ? "inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
          : "inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
      }
    >
      {country.manual_override ? t("admin_rates.override_badge") : t("admin_rates.deck_badge")}
    </span>
  );
}
