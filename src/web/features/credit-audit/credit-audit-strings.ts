import { useStrings } from "../../lib/i18n/use-strings";

/** The key prefix of this page's strings (data/translations/<lang>/credit-audit.json). */
export const CREDIT_AUDIT_PREFIXES = ["credit_audit."] as const;

/** Whether the credit audit strings in the current language are loaded (they are not among the startup keys). */
export function useCreditAuditStrings(): boolean {
  return useStrings(CREDIT_AUDIT_PREFIXES);
}
