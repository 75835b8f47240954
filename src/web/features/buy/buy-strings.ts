import { useStrings } from "../../lib/i18n/use-strings";

/** The key prefix of this feature's strings (data/translations/<lang>/buy.json). */
export const BUY_PREFIXES = ["buy."] as const;

/** Whether the buying strings in the current language are loaded (they are not among the startup keys). */
export function useBuyStrings(): boolean {
  return useStrings(BUY_PREFIXES);
}
