import { LIST_PREFIX } from "../../components/list-page/list-strings";
import { useStrings } from "../../lib/i18n/use-strings";

/** The key prefixes of this page's strings: its own (data/translations/<lang>/admin-payments.json) and every list's. */
export const ADMIN_PAYMENTS_PREFIXES = ["admin_payments.", LIST_PREFIX] as const;

export function useAdminPaymentsStrings(): boolean {
  return useStrings(ADMIN_PAYMENTS_PREFIXES);
}
