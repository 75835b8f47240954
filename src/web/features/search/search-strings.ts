import { useStrings } from "../../lib/i18n/use-strings";

/** This page's strings (data/translations/<lang>/search.json) and the rates' price phrases its country results use. */
export const SEARCH_PREFIXES = ["search.", "rates."] as const;

/** Whether the page's strings in the current language are loaded (they are not among the startup keys). */
export function useSearchStrings(): boolean {
  return useStrings(SEARCH_PREFIXES);
}
