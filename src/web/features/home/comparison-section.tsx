import { useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { countryCodeToSlug } from "../../../shared/countries/countries";
import { isolateText } from "../../components/ui/ltr";
import { Spinner } from "../../components/ui/spinner";
import { localePath, useLocale } from "../../lib/use-locale";
import { useCountryNames } from "../../lib/rates/country-names";
import { LoadError } from "../../components/load-error";
import { PriceRangeText } from "../../components/price-range";
import { formatRate } from "../../lib/rates/rate-format";
import { usePublicRates } from "../../lib/rates/rates-api";
import { useRatesStrings } from "../../lib/rates/rates-strings";
import { buildComparison } from "./comparison-rows";
import { OUTSIDE_SOURCES, type OutsideSource } from "./outside-rates";

const CELL = "px-3 py-3 align-top sm:px-4";

/**
 * Our per-minute prices for a few popular destinations, from the rates API (what the
 * countries page lists and what calls are charged), with a column for each outside
 * source that publishes a figure for them (outside-rates.ts), named and dated.
 */
export function ComparisonSection() {
  const { t } = useTranslation();
  useRatesStrings();
  const locale = useLocale();
  const { nameOf } = useCountryNames();
  const rates = usePublicRates();
  const comparison = useMemo(() => (rates.data ? buildComparison(rates.data, OUTSIDE_SOURCES) : null), [rates.data]);

  return (
    <section aria-labelledby="comparison-heading" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="comparison-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t("index.comparison.heading")}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-600">{t("index.comparison.intro")}</p>
      {/* The same height while loading, so a Rates link's scroll to the simulator below lands where it aims. */}
      <div className="mt-6 min-h-72">
        {rates.isError ? (
          <LoadError onRetry={() => void rates.refetch()} />
        ) : comparison === null ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : (
          <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="w-full text-start text-sm sm:text-base">
              <caption className="sr-only">{t("index.comparison.caption")}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className={`${CELL} text-start font-semibold`}>
                    {t("index.comparison.country")}
                  </th>
                  <th scope="col" className={`${CELL} text-start font-semibold text-brand-800`}>
                    {t("index.comparison.ours")}
                  </th>
                  <th scope="col" className={`${CELL} text-start font-semibold`}>
                    {t("index.comparison.example_call")}
                  </th>
                  {comparison.columns.map((source) => (
                    <th key={source.id} scope="col" className={`${CELL} text-start font-semibold`}>
                      <SourceHeading source={source} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {comparison.rows.map((row) => (
                  <tr key={row.code}>
                    <th scope="row" className={`${CELL} text-start font-medium`}>
                      <Link to={localePath(locale, `/country/${countryCodeToSlug(row.code)}`)} className="text-brand-800 underline-offset-2 hover:underline">
                        {nameOf(row.code)}
                      </Link>
                    </th>
                    <td className={`${CELL} font-semibold text-slate-900`}>
                      <PriceRangeText cheapest={row.cheapest} mostExpensive={row.mostExpensive} />
                    </td>
                    <td className={`${CELL} text-slate-700`}>{t("index.comparison.example_call_from", { price: isolateText(formatRate(row.exampleCallFrom, locale)) })}</td>
                    {row.outside.map((figure, index) => (
                      <td key={comparison.columns[index]?.id ?? index} className={`${CELL} text-slate-700`}>
                        {figure === null ? t("index.comparison.not_published") : t("rates.per_minute", { price: isolateText(formatRate(figure, locale)) })}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <p className="mt-3 text-sm text-slate-500">{t("index.comparison.note")}</p>
      <Link to={localePath(locale, "/countries")} className="mt-4 inline-block font-medium text-brand-800 underline underline-offset-2">
        {t("index.comparison.all_countries")}
      </Link>
    </section>
  );
}

/** A source's column heading: who published the figures, linked to the page, and when they were read there. */
function SourceHeading({ source }: { source: OutsideSource }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // A fixed month in UTC: the same text on the server and in every browser.
  const month = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(source.published.year, source.published.month - 1, 1));
  return (
    <>
      <span className="block">{source.publisher}</span>
      <a href={source.url} target="_blank" rel="noopener noreferrer" className="block text-xs font-normal text-brand-800 underline underline-offset-2">
        {t("index.comparison.source", { month })}
      </a>
    </>
  );
}
