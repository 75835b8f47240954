import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { formatUsd } from "../../../shared/money";
import { isolateText } from "../../components/ui/ltr";
import { useLocale } from "../../lib/use-locale";
import { useCountryNames } from "../../lib/rates/country-names";
import { popularCountries, type RatedCountry } from "../../lib/rates/rated-countries";
import { Flag } from "../../components/ui/flag";

/** The spec: the suggestion changes every 2.5 s. */
export const SUGGESTION_ROTATE_MS = 2500;

/** A rotating "Try {country} from {price}/min" that picks the country when pressed. */
export function SuggestedCountry({ countries, onChoose }: { countries: readonly RatedCountry[]; onChoose: (country: RatedCountry) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { nameOf } = useCountryNames();
  const suggestions = useMemo(() => popularCountries(countries, nameOf, locale), [countries, nameOf, locale]);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (suggestions.length < 2) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % suggestions.length), SUGGESTION_ROTATE_MS);
    return () => clearInterval(timer);
  }, [suggestions.length]);

  const country = suggestions[index % Math.max(1, suggestions.length)];
  if (!country) return null;
  return (
    // Two lines' height whatever the name's length, so the rotation never moves what is below it.
    <p className="flex min-h-10 items-center justify-center text-center text-sm text-slate-600">
      <button type="button" onClick={() => onChoose(country)} className="rounded-md px-1 hover:bg-brand-50 hover:text-brand-800">
        <Flag code={country.code} size="sm" className="me-1.5 align-[-1px]" />
        {t("call_section.suggestion", { country: nameOf(country.code), price: isolateText(formatUsd(country.cheapest, locale, 2)) })}
      </button>
    </p>
  );
}
