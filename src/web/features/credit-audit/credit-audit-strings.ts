import { LIST_PREFIX } from "../../components/list-page/list-strings";
import { useStrings } from "../../lib/i18n/use-strings";

/** The key prefixes of this page's strings: its own (data/translations/<lang>/credit-audit.json) and every list's. */
export const CREDIT_AUDIT_PREFIXES = ["credit_audit.", LIST_PREFIX] as const;

/** Whether the credit audit strings in the current language are loaded (they are not among the startup keys). */
export function useCreditAuditStrings(): boolean {
  return useStrings(CREDIT_AUDIT_PREFIXES);
}
