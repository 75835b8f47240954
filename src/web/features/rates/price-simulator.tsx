import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Card } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { isolateText } from "../../components/ui/ltr";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { CountryPicker } from "../../components/country-picker/country-picker";
import { formatRate } from "../../lib/rates/rate-format";
import { usePublicRates } from "../../lib/rates/rates-api";
import { useRatesStrings } from "../../lib/rates/rates-strings";
import { checkBudget, checkWhole, MAX_BUDGET, MAX_MINUTES, MAX_SECONDS, MIN_BUDGET, type FieldCheck } from "./simulator-math";
import { BudgetResult, CostResult } from "./simulator-result";
import { PRICE_SIMULATOR_ID } from "../../lib/anchors";

/** The heading's id: the header's and footer's Rates links scroll here. */
export { PRICE_SIMULATOR_ID };

/** The spec's default country. */
const DEFAULT_CODE = "US";

type Mode = "time" | "budget";

// Numbers are typed left to right ("-5", not "5-"), and sit on the reading side of the field.
const NUMBER_INPUT = "rtl:text-end";

/**
 * What a call would cost, or how long a budget lasts, for a chosen country:
 * the real billing rule (every started minute in full) on the server's prices.
 * Numbers are read as the reader's language writes them ("1,5" in Swedish, "١٫٥" in
 * Arabic); a value out of range is refused with the range, never clamped, and each
 * problem is told once, under its field.
 */
export function PriceSimulator({ defaultCode, className }: { defaultCode?: string; className?: string }) {
  const { t } = useTranslation();
  useRatesStrings();
  const locale = useLocale();
  const rates = usePublicRates();
  const ids = useId();
  const [chosen, setChosen] = useState<string | null>(defaultCode ?? null);
  const [mode, setMode] = useState<Mode>("time");
  const [minutesText, setMinutesText] = useState("10");
  const [secondsText, setSecondsText] = useState("0");
  const [budgetText, setBudgetText] = useState("10");

  const countries = rates.data;
  const country =
    countries?.find((entry) => entry.code === chosen) ?? countries?.find((entry) => entry.code === DEFAULT_CODE) ?? countries?.[0] ?? null;
  const minutes = checkWhole(minutesText, locale, MAX_MINUTES);
  const seconds = checkWhole(secondsText, locale, MAX_SECONDS);
  const budget = checkBudget(budgetText, locale);
  const whole = (value: number) => new Intl.NumberFormat(locale).format(value);
  const wholeError = (check: FieldCheck<number>, key: string, max: number) => (check.ok ? undefined : t(key, { min: whole(0), max: whole(max) }));
  const budgetError = budget.ok
    ? undefined
    : budget.error === "range"
      ? t("price_simulator.budget_range", { min: isolateText(formatRate(MIN_BUDGET, locale)), max: isolateText(formatRate(MAX_BUDGET, locale)) })
      : t("price_simulator.budget_invalid", { example: new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(12.5) });

  let result: ReactNode;
  if (country === null) result = <p className="text-slate-600">{rates.isError ? t("rates.load_error") : t("common.loading")}</p>;
  else if (mode === "time") result = minutes.ok && seconds.ok ? <CostResult country={country} talkSeconds={minutes.value * 60 + seconds.value} /> : null;
  else result = budget.ok ? <BudgetResult country={country} budget={budget.value} /> : null;

  return (
    <section aria-labelledby={PRICE_SIMULATOR_ID} className={cn("mx-auto w-full max-w-6xl px-4 py-12", className)}>
      <h2 id={PRICE_SIMULATOR_ID} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t("price_simulator.heading")}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-600">{t("price_simulator.intro")}</p>
      <Card className="mt-6 grid gap-6 lg:grid-cols-2 lg:gap-10">
        <div className="space-y-5">
          <div className="space-y-1.5">
            <span id={`${ids}-country`} className="block text-sm font-medium text-slate-800">
              {t("price_simulator.country_label")}
            </span>
            <CountryPicker aria-labelledby={`${ids}-country`} value={country?.code ?? null} onChange={setChosen} />
          </div>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-800">{t("price_simulator.mode_label")}</legend>
            <div className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
              {(["time", "budget"] as const).map((option) => (
                <label
                  key={option}
                  className="cursor-pointer rounded-lg px-3 py-2 text-center text-sm font-medium text-slate-600 has-[:checked]:bg-white has-[:checked]:text-slate-900 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
                >
                  <input type="radio" name={`${ids}-mode`} value={option} checked={mode === option} onChange={() => setMode(option)} className="sr-only" />
                  {option === "time" ? t("price_simulator.mode_time") : t("price_simulator.mode_budget")}
                </label>
              ))}
            </div>
          </fieldset>
          {mode === "time" ? (
            <fieldset>
              <legend className="mb-1.5 text-sm font-medium text-slate-800">{t("price_simulator.talk_time_label")}</legend>
              <div className="grid grid-cols-2 items-start gap-3">
                <Field label={t("price_simulator.minutes_label")} error={wholeError(minutes, "price_simulator.minutes_invalid", MAX_MINUTES)}>
                  <Input inputMode="numeric" dir="ltr" autoComplete="off" className={NUMBER_INPUT} value={minutesText} onChange={(event) => setMinutesText(event.target.value)} />
                </Field>
                <Field label={t("price_simulator.seconds_label")} error={wholeError(seconds, "price_simulator.seconds_invalid", MAX_SECONDS)}>
                  <Input inputMode="numeric" dir="ltr" autoComplete="off" className={NUMBER_INPUT} value={secondsText} onChange={(event) => setSecondsText(event.target.value)} />
                </Field>
              </div>
            </fieldset>
          ) : (
            <Field label={t("price_simulator.budget_label")} error={budgetError}>
              <Input inputMode="decimal" dir="ltr" autoComplete="off" className={NUMBER_INPUT} value={budgetText} onChange={(event) => setBudgetText(event.target.value)} />
            </Field>
          )}
        </div>
        <div aria-live="polite" className="flex min-h-40 flex-col justify-center rounded-xl bg-brand-50 p-5 ring-1 ring-brand-100">
          {result ?? (
            <p aria-hidden="true" className="text-4xl font-bold text-brand-200">
              —
            </p>
          )}
        </div>
      </Card>
      <p className="mt-3 text-sm text-slate-500">{t("price_simulator.billing_rule")}</p>
    </section>
  );
}
