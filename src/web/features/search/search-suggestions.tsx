import { useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { countryCodeToSlug } from "../../../shared/countries/countries";
import { localePath, useLocale } from "../../lib/use-locale";
import { useCountryNames } from "../../lib/rates/country-names";
import { popularCountries } from "../../lib/rates/rated-countries";
import { usePublicRates } from "../../lib/rates/rates-api";
import { Flag } from "../../components/ui/flag";

/**
 * What to try instead: the popular countries (the same ten the rate pages offer, from the public
 * rates) as links to their pages, and the list of every country.
 */
export function SearchSuggestions() {
  const { t } = useTranslation();
  const locale = useLocale();
  const rates = usePublicRates();
  const { nameOf } = useCountryNames();
  const popular = useMemo(() => (rates.data ? popularCountries(rates.data, nameOf, locale) : []), [rates.data, nameOf, locale]);
  return (
    <section aria-labelledby="search-suggestions" className="mt-6">
      <h2 id="search-suggestions" className="text-lg font-semibold text-slate-900">
        {t("search.popular_heading")}
      </h2>
      {popular.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {popular.map((country) => (
            <li key={country.code}>
              <Link
                to={localePath(locale, `/country/${countryCodeToSlug(country.code)}`)}
                className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-700 hover:border-brand-500 hover:bg-slate-50"
              >
                <Flag code={country.code} size="sm" />
                {nameOf(country.code)}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4">
        <Link to={localePath(locale, "/countries")} className="text-sm font-medium text-brand-700 hover:underline">
          {t("search.all_countries")}
        </Link>
      </p>
    </section>
  );
}
