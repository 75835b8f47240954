import { useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { useCountryNames } from "../../lib/rates/country-names";
import { popularCountries, type RatedCountry } from "../../lib/rates/rated-countries";
import { Flag } from "../ui/flag";

/** Up to ten popular countries, sorted by name, as toggle chips that select a country. */
export function PopularChips({ countries, value, onChange }: { countries: readonly RatedCountry[]; value: string | null; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { nameOf } = useCountryNames();
  const popular = useMemo(() => popularCountries(countries, nameOf, locale), [countries, nameOf, locale]);
  if (popular.length === 0) return null;
  return (
    <div role="group" aria-label={t("country_picker.popular")} className="flex flex-wrap gap-2">
      {popular.map((country) => (
        <button
          key={country.code}
          type="button"
          aria-pressed={country.code === value}
          onClick={() => onChange(country.code)}
          className={cn(
            "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm transition-colors",
            country.code === value ? "border-brand-600 bg-brand-50 text-brand-900" : "border-slate-200 bg-white text-slate-700 hover:border-slate-300 hover:bg-slate-50",
          )}
        >
          <Flag code={country.code} size="sm" />
          {nameOf(country.code)}
        </button>
      ))}
    </div>
  );
}
