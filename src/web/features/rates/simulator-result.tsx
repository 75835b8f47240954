import { useTranslation } from "../../lib/i18n/use-translation";
import type { Money } from "../../../shared/money";
import { useLocale } from "../../lib/use-locale";
import { useCountryName } from "../../lib/rates/country-names";
import { formatMinutes, formatRate } from "../../lib/rates/rate-format";
import type { RatedCountry } from "../../lib/rates/rated-countries";
import { estimateCost, estimateTalkTime } from "./simulator-math";

const BIG = "mt-1 text-4xl font-bold tracking-tight text-brand-900 tabular-nums";

/** The cost of a talk time at the country's cheapest rate ("from"), and at its dearest where that differs. */
export function CostResult({ country, talkSeconds }: { country: RatedCountry; talkSeconds: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const nameOf = useCountryName();
  const estimate = estimateCost(talkSeconds, country);
  const usd = (amount: Money, decimals: 2 | 4 = 2) => formatRate(amount, locale, decimals);
  const minutes = formatMinutes(estimate.billedMinutes, locale);
  return (
    <div>
      <p className="text-sm font-medium text-brand-800">{t("price_simulator.cost_from", { country: nameOf(country.code) })}</p>
      <p className={BIG}>{usd(estimate.cheapestCost)}</p>
      <p className="mt-2 text-sm text-slate-700">
        {t("price_simulator.cost_breakdown", { minutes, rate: usd(country.cheapest, 4), cost: usd(estimate.cheapestCost, 4) })}
      </p>
      {country.mostExpensive !== country.cheapest ? (
        <p className="mt-3 border-t border-brand-100 pt-3 text-sm text-slate-700">
          {t("price_simulator.cost_up_to", { cost: usd(estimate.mostExpensiveCost), rate: usd(country.mostExpensive, 4) })}
        </p>
      ) : null}
    </div>
  );
}

/** The whole minutes a budget pays for at the cheapest rate, and at the dearest where that differs. */
export function BudgetResult({ country, budget }: { country: RatedCountry; budget: Money }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const nameOf = useCountryName();
  const estimate = estimateTalkTime(budget, country);
  return (
    <div>
      <p className="text-sm font-medium text-brand-800">{t("price_simulator.time_up_to", { country: nameOf(country.code) })}</p>
      <p className={BIG}>{formatMinutes(estimate.atCheapest, locale)}</p>
      <p className="mt-2 text-sm text-slate-700">{t("price_simulator.time_at_rate", { rate: formatRate(country.cheapest, locale, 4) })}</p>
      {country.mostExpensive !== country.cheapest ? (
        <p className="mt-3 border-t border-brand-100 pt-3 text-sm text-slate-700">
          {t("price_simulator.time_at_least", {
            minutes: formatMinutes(estimate.atMostExpensive, locale),
            rate: formatRate(country.mostExpensive, locale, 4),
          })}
        </p>
      ) : null}
    </div>
  );
}
