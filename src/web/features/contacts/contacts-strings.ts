import { useStrings } from "../../lib/i18n/use-strings";

/** The key prefix of this feature's strings (data/translations/<lang>/contacts.json). */
export const CONTACTS_PREFIXES = ["contacts."] as const;

/** Whether the contacts strings in the current language are loaded (they are not among the startup keys). */
export function useContactsStrings(): boolean {
  return useStrings(CONTACTS_PREFIXES);
}
