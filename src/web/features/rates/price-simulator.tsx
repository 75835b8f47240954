import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { CountryPicker } from "./country-picker";
import { usePublicRates } from "./rates-api";
import { useRatesStrings } from "./rates-strings";
import { parseBudget, parseWhole } from "./simulator-math";
import { BudgetResult, CostResult } from "./simulator-result";
import { PRICE_SIMULATOR_ID } from "../../lib/anchors";

/** The heading's id: the header's and footer's Rates links scroll here. */
export { PRICE_SIMULATOR_ID };

/** The spec's default country. */
const DEFAULT_CODE = "US";
const MAX_MINUTES = 9999;

type Mode = "time" | "budget";

/**
 * What a call would cost, or how long a budget lasts, for a chosen country:
 * the real billing rule (every started minute in full) on the server's prices.
 */
export function PriceSimulator({ defaultCode, className }: { defaultCode?: string; className?: string }) {
  const { t } = useTranslation();
  useRatesStrings();
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
  const minutes = parseWhole(minutesText, MAX_MINUTES);
  const seconds = parseWhole(secondsText, 59);
  const budget = parseBudget(budgetText);

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
              <div className="grid grid-cols-2 gap-3">
                <label className="block text-sm text-slate-600">
                  {t("price_simulator.minutes_label")}
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_MINUTES}
                    value={minutesText}
                    onChange={(event) => setMinutesText(event.target.value)}
                    className="mt-1"
                  />
                </label>
                <label className="block text-sm text-slate-600">
                  {t("price_simulator.seconds_label")}
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={59}
                    value={secondsText}
                    onChange={(event) => setSecondsText(event.target.value)}
                    className="mt-1"
                  />
                </label>
              </div>
            </fieldset>
          ) : (
            <div>
              <label htmlFor={`${ids}-budget`} className="mb-1.5 block text-sm font-medium text-slate-800">
                {t("price_simulator.budget_label")}
              </label>
              <div className="relative">
                <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-slate-500">
                  $
                </span>
                <Input
                  id={`${ids}-budget`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={budgetText}
                  onChange={(event) => setBudgetText(event.target.value)}
                  aria-invalid={budget === null ? true : undefined}
                  aria-describedby={budget === null ? `${ids}-budget-error` : undefined}
                  className="ps-7"
                />
              </div>
              {budget === null ? (
                <p id={`${ids}-budget-error`} className="mt-1.5 text-sm text-red-700">
                  {t("price_simulator.budget_invalid")}
                </p>
              ) : null}
            </div>
          )}
        </div>
        <div aria-live="polite" className="flex flex-col justify-center rounded-xl bg-brand-50 p-5 ring-1 ring-brand-100">
          {country === null ? (
            <p className="text-slate-600">{rates.isError ? t("rates.load_error") : t("common.loading")}</p>
          ) : mode === "time" ? (
            <CostResult country={country} talkSeconds={minutes * 60 + seconds} />
          ) : budget === null ? (
            <p className="text-slate-600">{t("price_simulator.budget_invalid")}</p>
          ) : (
            <BudgetResult country={country} budget={budget} />
          )}
        </div>
      </Card>
      <p className="mt-3 text-sm text-slate-500">{t("price_simulator.billing_rule")}</p>
    </section>
  );
}
