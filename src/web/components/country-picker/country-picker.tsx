import { ChevronsUpDown } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { searchCountries } from "../../../shared/countries/countries";
import { useOnDemandPopup } from "../ui/on-demand-popup";
import { Spinner } from "../ui/spinner";
import { cn } from "../../lib/cn";
import { onDemand } from "../../lib/on-demand";
import { useCountryNames } from "../../lib/rates/country-names";
import { CountryOption } from "./country-option";
import { PopularChips } from "./popular-chips";
import { usePublicRates } from "../../lib/rates/rates-api";
import { useRatesStrings } from "../../lib/rates/rates-strings";

/** The open list (popover, cmdk): fetched when the picker is first hovered, focused or pressed, not with the page. */
const panel = onDemand(() => import("./country-picker-panel"));

export interface CountryPickerProps {
  /** The selected ISO code ("JM"), or null. */
  value: string | null;
  onChange: (code: string) => void;
  /** The trigger's id, for a <label htmlFor>. */
  id?: string;
  /** Labels the trigger when there is no visible <label>. */
  "aria-label"?: string;
  "aria-labelledby"?: string;
  /** Shows up to ten popular countries as one-tap chips under the picker (default true). */
  showPopular?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * The spec's country picker: a searchable dropdown (name, dial code or code,
 * case-insensitive) of the countries the service can call, each with its flag,
 * translated name and dial code, plus popular chips.
 */
export function CountryPicker({ value, onChange, id, showPopular = true, disabled, className, ...labelling }: CountryPickerProps) {
  const { t } = useTranslation();
  useRatesStrings();
  const rates = usePublicRates();
  const { nameOf, namesLocale } = useCountryNames();
  const popup = useOnDemandPopup(panel);
  const [query, setQuery] = useState("");

  const countries = rates.data;
  const selected = useMemo(() => countries?.find((country) => country.code === value) ?? null, [countries, value]);
  const results = useMemo(() => {
    if (!countries) return [];
    const byCode = new Map(countries.map((country) => [country.code, country]));
    return searchCountries(countries, query, namesLocale).flatMap((entry) => byCode.get(entry.code) ?? []);
  }, [countries, query, namesLocale]);

  const choose = (code: string) => {
    onChange(code);
    popup.setOpen(false);
    setQuery("");
  };
  const openChange = (next: boolean) => {
    popup.setOpen(next);
    if (!next) setQuery("");
  };

  if (rates.isError) {
    return (
      <div role="alert" className={cn("flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800", className)}>
        {t("rates.load_error")}
        <button type="button" className="font-medium underline" onClick={() => void rates.refetch()}>
          {t("rates.retry")}
        </button>
      </div>
    );
  }

  return (
    <div className={cn("space-y-3", className)}>
      <button
        {...popup.trigger}
        id={id}
        role="combobox"
        disabled={disabled || !countries}
        {...labelling}
        onClick={() => openChange(!popup.open)}
        className="flex h-11 w-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-start text-base text-slate-900 hover:border-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100"
      >
        {!countries ? (
          <>
            <Spinner className="[&>span:first-child]:size-4 [&>span:first-child]:border-2" />
            <span className="text-slate-500">{t("common.loading")}</span>
          </>
        ) : selected ? (
          <CountryOption country={selected} name={nameOf(selected.code)} />
        ) : (
          <span className="flex-1 truncate text-slate-500">{t("country_picker.placeholder")}</span>
        )}
        <ChevronsUpDown aria-hidden="true" className="ms-auto size-4 shrink-0 text-slate-400" />
      </button>
      {popup.module ? (
        <popup.module.CountryPickerPanel
          open={popup.open}
          onOpenChange={openChange}
          anchor={popup.anchor}
          content={{ ...popup.content, ...popup.outside }}
          value={value}
          query={query}
          onQuery={setQuery}
          results={results}
          nameOf={nameOf}
          onChoose={choose}
        />
      ) : null}
      {showPopular && countries ? <PopularChips countries={countries} value={value} onChange={choose} /> : null}
    </div>
  );
}
