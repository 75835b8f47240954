import { ChevronDown } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { countryCodeToSlug } from "../../../shared/countries/countries";
import { Input } from "../../components/ui/input";
import { Ltr } from "../../components/ui/ltr";
import { PageSpinner, Spinner } from "../../components/ui/spinner";
import { localePath, useLocale } from "../../lib/use-locale";
import { usePageTitle } from "../../lib/use-page-title";
import { listCountries, SORTS, type CountrySort } from "./country-list";
import { useCountryNames } from "../../lib/rates/country-names";
import { LoadError } from "../../components/load-error";
import { PriceRangeText } from "../../components/price-range";
import { usePublicRates } from "../../lib/rates/rates-api";
import { useRatesStrings } from "../../lib/rates/rates-strings";
import { Flag } from "../../components/ui/flag";

const SORT_LABEL_KEYS: Record<CountrySort, string> = {
  name: "countries_page.sort_name",
  price_low: "countries_page.sort_price_low",
  price_high: "countries_page.sort_price_high",
};

/** /{lang}/countries: every callable country with its flag, name, dial code and price range; search and sort. */
export function CountriesPage() {
  const { t } = useTranslation();
  const ready = useRatesStrings();
  const locale = useLocale();
  const rates = usePublicRates();
  const { nameOf, namesLocale } = useCountryNames();
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<CountrySort>("name");
  const deferredQuery = useDeferredValue(query);
  usePageTitle(ready ? t("countries_page.title") : undefined);

  const list = useMemo(
    () => (rates.data ? listCountries(rates.data, { query: deferredQuery, sort, nameOf, namesLocale, locale }) : []),
    [rates.data, deferredQuery, sort, nameOf, namesLocale, locale],
  );

  if (!ready) return <PageSpinner />;
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t("countries_page.heading")}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">{t("countries_page.intro")}</p>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="block flex-1 text-sm font-medium text-slate-800">
          {t("countries_page.search_label")}
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t("countries_page.search_placeholder")}
            autoComplete="off"
            className="mt-1.5"
          />
        </label>
        <label className="block text-sm font-medium text-slate-800 sm:w-64">
          {t("countries_page.sort_label")}
          <span className="relative mt-1.5 block">
            <select
              value={sort}
              onChange={(event) => setSort(event.target.value as CountrySort)}
              className="block h-11 w-full appearance-none rounded-lg border border-slate-300 bg-white pe-9 ps-3 text-base text-slate-900 focus-visible:border-brand-600"
            >
              {SORTS.map((option) => (
                <option key={option} value={option}>
                  {t(SORT_LABEL_KEYS[option])}
                </option>
              ))}
            </select>
            <ChevronDown aria-hidden="true" className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          </span>
        </label>
      </div>

      {rates.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : rates.isError ? (
        <LoadError onRetry={() => void rates.refetch()} className="mt-8" />
      ) : (
        <>
          <p aria-live="polite" className="mt-6 text-sm text-slate-500">
            {t("countries_page.result_count", { shown: list.length, total: rates.data.length })}
          </p>
          {list.length === 0 ? (
            <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
              <p className="text-slate-700">{t("country_picker.empty")}</p>
              <button type="button" onClick={() => setQuery("")} className="mt-3 text-sm font-medium text-brand-700 hover:underline">
                {t("countries_page.clear_search")}
              </button>
            </div>
          ) : (
            <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((country) => (
                <li key={country.code}>
                  <Link
                    to={localePath(locale, `/country/${countryCodeToSlug(country.code)}`)}
                    className="flex h-full items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-500"
                  >
                    <Flag code={country.code} size="lg" lazy />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline gap-2">
                        <span className="min-w-0 break-words font-semibold text-slate-900">{nameOf(country.code)}</span>
                        <Ltr className="shrink-0 text-sm tabular-nums text-slate-500">{country.dialCode}</Ltr>
                      </span>
                      <PriceRangeText cheapest={country.cheapest} mostExpensive={country.mostExpensive} className="mt-0.5 block text-sm text-slate-600" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  );
}

export default CountriesPage;
