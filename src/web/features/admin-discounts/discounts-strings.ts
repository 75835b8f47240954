import { useStrings } from "../../lib/i18n/use-strings";

/** The key prefix of this page's strings (data/translations/<lang>/discounts.json). */
export const DISCOUNTS_PREFIXES = ["discounts."] as const;

/** Whether the page's strings in the current language are loaded (they are not among the startup keys). */
export function useDiscountsStrings(): boolean {
  return useStrings(DISCOUNTS_PREFIXES);
}
