import { useStrings } from "../../lib/i18n/use-strings";

/** The key prefix of this feature's strings (data/translations/<lang>/admin-payments.json). */
export const ADMIN_PAYMENTS_PREFIXES = ["admin_payments."] as const;

export function useAdminPaymentsStrings(): boolean {
  return useStrings(ADMIN_PAYMENTS_PREFIXES);
}
