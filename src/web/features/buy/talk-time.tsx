import { useId, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { minutesForBudget } from "../../../shared/billing";
import type { Money } from "../../../shared/money";
import { useLocale } from "../../lib/use-locale";
import { CountryPicker } from "../../components/country-picker/country-picker";
import { useCountryName } from "../../lib/rates/country-names";
import { formatMinutes, formatRate } from "../../lib/rates/rate-format";
import { usePublicRates } from "../../lib/rates/rates-api";
import { useRecentCountry } from "./recent-country";

/** The spec's default country, when the customer has not called anyone yet. */
const DEFAULT_CODE = "US";

/**
 * What the credit buys: whole minutes to the customer's most recent country (or one they
 * choose) at its shown prices, by the same function that sets a call's time limit.
 */
export function TalkTime({ credit }: { credit: Money | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ids = useId();
  const nameOf = useCountryName();
  const rates = usePublicRates();
  const recent = useRecentCountry();
  const [chosen, setChosen] = useState<string | null>(null);
  const code = chosen ?? recent.data ?? (recent.isPending ? null : DEFAULT_CODE);
  const country = rates.data?.find((entry) => entry.code === code) ?? null;

  return (
    <section aria-labelledby={`${ids}-heading`} className="space-y-3">
      <h2 id={`${ids}-heading`} className="text-base font-semibold text-slate-900">
        {t("buy.talk_time_heading")}
      </h2>
      <div className="space-y-1.5">
        <span id={`${ids}-country`} className="block text-sm font-medium text-slate-800">
          {chosen === null && recent.data ? t("buy.talk_time_recent") : t("buy.talk_time_country")}
        </span>
        <CountryPicker aria-labelledby={`${ids}-country`} value={code} onChange={setChosen} showPopular={false} />
      </div>
      <div aria-live="polite" className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
        {country && credit !== null ? (
          <>
            <p className="text-sm font-medium text-brand-800">{t("buy.talk_time_up_to", { country: nameOf(country.code) })}</p>
            <p className="mt-1 text-3xl font-bold tabular-nums text-brand-900">{formatMinutes(minutesForBudget(credit, country.cheapest), locale)}</p>
            <p className="mt-1 text-sm text-slate-700">{t("buy.talk_time_at_rate", { rate: formatRate(country.cheapest, locale, 4) })}</p>
            {country.mostExpensive !== country.cheapest ? (
              <p className="mt-2 border-t border-brand-100 pt-2 text-sm text-slate-700">
                {t("buy.talk_time_at_least", { minutes: formatMinutes(minutesForBudget(credit, country.mostExpensive), locale), rate: formatRate(country.mostExpensive, locale, 4) })}
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-slate-600">{rates.isError ? t("buy.talk_time_unavailable") : credit === null ? t("buy.talk_time_choose") : t("buy.quote_loading")}</p>
        )}
      </div>
    </section>
  );
}
