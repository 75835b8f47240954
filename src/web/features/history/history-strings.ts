import { useStrings } from "../../lib/i18n/use-strings";

/** The key prefix of this feature's strings (data/translations/<lang>/history.json). */
export const HISTORY_PREFIXES = ["history."] as const;

/** Whether the history strings in the current language are loaded (they are not among the startup keys). */
export function useHistoryStrings(): boolean {
  return useStrings(HISTORY_PREFIXES);
}
