import { useStrings } from "../../lib/i18n/use-strings";
import { LIST_PREFIX } from "../../components/list-page/list-strings";

/** The key prefixes of this page's strings: its own (data/translations/<lang>/history.json) and every list's. */
export const HISTORY_PREFIXES = ["history.", LIST_PREFIX] as const;

/** Whether the history strings in the current language are loaded (they are not among the startup keys). */
export function useHistoryStrings(): boolean {
  return useStrings(HISTORY_PREFIXES);
}
