import { ArrowLeft, Phone } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { countryCodeToSlug, countrySlugToCode } from "../../../shared/countries/countries";
import { parseMoney } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { Ltr } from "../../components/ui/ltr";
import { PageSpinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api-client";
import { Island } from "../../lib/islands";
import { localePath, useLocale } from "../../lib/use-locale";
import { usePageTitle } from "../../lib/use-page-title";
import { NotFoundPage } from "../../components/not-found-page";
import { useCountryNames } from "../../lib/rates/country-names";
import { DialingGuide } from "./dialing-guide";
import { groupLines } from "./line-groups";
import { LineRates } from "./line-rates";
import { LoadError } from "../../components/load-error";
import { PriceRangeText } from "../../components/price-range";
import { PriceSimulator } from "./price-simulator";
import { formatRate } from "../../lib/rates/rate-format";
import { useCountryRateDetail, usePublicRates } from "../../lib/rates/rates-api";
import { popularCountries } from "../../lib/rates/rated-countries";
import { useRatesStrings } from "../../lib/rates/rates-strings";
import { Flag } from "../../components/ui/flag";

const SLUG = /^[a-z0-9-]+$/i;

/** /{lang}/country/{slug}: one country's prices, how to dial it, a call button and related popular countries. */
export function CountryPage() {
  const { t } = useTranslation();
  const ready = useRatesStrings();
  const locale = useLocale();
  const navigate = useNavigate();
  const { code: slug = "" } = useParams();
  const isoCode = SLUG.test(slug) ? countrySlugToCode(slug) : null;
  const detail = useCountryRateDetail(isoCode);
  const rates = usePublicRates();
  const { nameOf } = useCountryNames();
  const name = isoCode ? nameOf(isoCode) : "";
  const country = detail.data?.country;
  const cheapest = country ? parseMoney(country.our_cheapest_rate) : null;
  usePageTitle(ready && country && cheapest !== null ? t("country_page.title", { country: name, price: formatRate(cheapest, locale) }) : undefined);

  const groups = useMemo(() => groupLines(detail.data?.lines ?? []), [detail.data]);
  const related = useMemo(
    () => popularCountries((rates.data ?? []).filter((entry) => entry.code !== isoCode), nameOf, locale),
    [rates.data, isoCode, nameOf, locale],
  );

  if (isoCode === null) return <NotFoundPage />;
  // One address per country: /country/GB and /country/gb become /country/uk.
  const canonical = countryCodeToSlug(isoCode);
  if (slug !== canonical) return <Navigate to={localePath(locale, `/country/${canonical}`)} replace />;
  if (detail.error instanceof ApiError && detail.error.status === 404) return <NotFoundPage />;
  if (!ready || detail.isPending) return <PageSpinner />;
  if (detail.isError || !country || cheapest === null) {
    return (
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-16">
        <LoadError onRetry={() => void detail.refetch()} />
      </main>
    );
  }

  const mostExpensive = parseMoney(country.our_most_expensive_rate);
  const call = () => void navigate(localePath(locale), { state: { selectedCode: isoCode, scrollToCall: true } });

  return (
    <main id="main">
      <section className="bg-gradient-to-b from-brand-50 to-slate-50 py-12 sm:py-16">
        <div className="mx-auto max-w-5xl px-4">
          <Link to={localePath(locale, "/countries")} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            {t("country_page.all_countries")}
          </Link>
          <div className="mt-4 flex items-center gap-4">
            <Flag code={isoCode} size="xl" />
            <div>
              <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t("country_page.heading", { country: name })}</h1>
              <p className="mt-1 text-slate-600">
                {t("country_page.dial_code_label")}{" "}
                <Ltr className="font-medium tabular-nums text-slate-900">{country.dial_code}</Ltr>
              </p>
            </div>
          </div>
          <p className="mt-6 text-lg text-slate-700">
            <PriceRangeText cheapest={cheapest} mostExpensive={mostExpensive} className="text-2xl font-bold text-brand-800" />
          </p>
          <p className="mt-2 max-w-2xl text-slate-600">{t("country_page.intro", { country: name })}</p>
          <Button size="lg" className="mt-6" onClick={call}>
            <Phone aria-hidden="true" className="size-5" />
            {t("country_page.call_button", { country: name })}
          </Button>
        </div>
      </section>

      {/* Below the header section, each part taken over on its own; the text-only parts wait until they are needed (decision 034). */}
      <Island name="country-rates" deferred>
        <div className="mx-auto grid max-w-5xl items-start gap-6 px-4 py-10 md:grid-cols-2">
          <LineRates groups={groups} cheapest={cheapest} mostExpensive={mostExpensive} />
          <DialingGuide code={isoCode} dialCode={country.dial_code} name={name} />
        </div>
      </Island>

      <Island name="simulator">
        <PriceSimulator key={isoCode} defaultCode={isoCode} className="max-w-5xl py-6" />
      </Island>

      {related.length > 0 ? (
        <Island name="related" deferred>
          <section aria-labelledby="related-heading" className="mx-auto max-w-5xl px-4 py-10">
            <h2 id="related-heading" className="text-xl font-semibold text-slate-900">
              {t("country_page.related_heading")}
            </h2>
            <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((entry) => (
                <li key={entry.code}>
                  <Link
                    to={localePath(locale, `/country/${countryCodeToSlug(entry.code)}`)}
                    className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500"
                  >
                    <Flag code={entry.code} size="lg" lazy />
                    <span className="min-w-0">
                      <span className="block break-words font-medium text-slate-900">{nameOf(entry.code)}</span>
                      <PriceRangeText cheapest={entry.cheapest} mostExpensive={entry.mostExpensive} className="block text-sm text-slate-600" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </Island>
      ) : null}
    </main>
  );
}

export default CountryPage;
