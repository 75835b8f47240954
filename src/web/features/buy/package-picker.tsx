import { useId } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { formatUsd, type Money } from "../../../shared/money";
import { Input } from "../../components/ui/input";
import { isolateText } from "../../components/ui/ltr";
import { useLocale } from "../../lib/use-locale";
import { formatRate } from "../../lib/rates/rate-format";
import { PACKAGES, packageAllowed, type CustomAmount } from "./amounts";

/** A package's amount, or "custom" for the typed amount. */
export type AmountChoice = Money | "custom";

const CARD =
  "flex cursor-pointer flex-col items-center justify-center rounded-xl bg-white px-3 py-4 text-center ring-1 ring-slate-300 transition-colors hover:bg-brand-50 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50";

/**
 * The packages as selectable cards (one radio group, arrow keys move between them) and
 * "Other amount" with its field, read in the reader's language.
 */
export function PackagePicker(props: {
  choice: AmountChoice;
  onChoice: (choice: AmountChoice) => void;
  customText: string;
  onCustomText: (text: string) => void;
  custom: CustomAmount;
  bounds: { min: Money; max: Money } | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ids = useId();
  const usd = (amount: Money) => formatUsd(amount, locale, 0);
  const customError =
    props.choice !== "custom" || props.custom.ok || props.custom.error === "empty"
      ? undefined
      : props.custom.error === "range" && props.bounds
        ? t("buy.custom_range", { min: isolateText(formatRate(props.bounds.min, locale)), max: isolateText(formatRate(props.bounds.max, locale)) })
        : props.custom.error === "cents"
          ? t("buy.custom_cents")
          : t("buy.custom_invalid", { example: new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(12.5) });

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-lg font-semibold text-slate-900">{t("buy.choose_amount")}</legend>
      <div className="grid grid-cols-3 gap-3 sm:grid-cols-6">
        {PACKAGES.map((amount) => (
          <label key={amount} className={CARD}>
            <input
              type="radio"
              name={`${ids}-amount`}
              value={amount}
              checked={props.choice === amount}
              disabled={!packageAllowed(amount, props.bounds)}
              onChange={() => props.onChoice(amount)}
              className="sr-only"
            />
            <span className="text-xl font-bold tabular-nums text-slate-900">{usd(amount)}</span>
          </label>
        ))}
        <label className={CARD}>
          <input type="radio" name={`${ids}-amount`} value="custom" checked={props.choice === "custom"} onChange={() => props.onChoice("custom")} className="sr-only" />
          <span className="text-sm font-semibold text-slate-900">{t("buy.other_amount")}</span>
        </label>
      </div>
      {props.choice === "custom" ? (
        <div className="max-w-xs space-y-1.5">
          <label htmlFor={`${ids}-custom`} className="block text-sm font-medium text-slate-800">
            {t("buy.custom_label")}
          </label>
          <Input
            id={`${ids}-custom`}
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            className="rtl:text-end"
            value={props.customText}
            onChange={(event) => props.onCustomText(event.target.value)}
            aria-invalid={customError ? true : undefined}
            aria-describedby={`${ids}-custom-hint${customError ? ` ${ids}-custom-error` : ""}`}
          />
          <p id={`${ids}-custom-hint`} className="text-sm text-slate-500">
            {props.bounds ? t("buy.custom_hint", { min: isolateText(formatRate(props.bounds.min, locale)), max: isolateText(formatRate(props.bounds.max, locale)) }) : null}
          </p>
          {customError ? (
            <p id={`${ids}-custom-error`} role="alert" className="text-sm text-red-700">
              {customError}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

