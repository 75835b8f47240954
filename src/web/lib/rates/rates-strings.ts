import { useStrings } from "../i18n/use-strings";

/** The key prefixes of this feature's strings (data/translations/<lang>/rates.json). */
export const RATES_PREFIXES = ["rates.", "countries_page.", "country_page.", "rate_checker.", "price_simulator.", "country_picker."] as const;

/** Whether this feature's strings in the current language are loaded (they are not among the startup keys). */
export function useRatesStrings(): boolean {
  return useStrings(RATES_PREFIXES);
}
