import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  adminCreditAccounts,
  adminCreditLedger,
  creditLedgerCsvPath,
  type CreditLedgerFilter,
} from "../../../shared/api/credit-audit";
import type { Locale } from "../../../shared/i18n/locales";
import { callApi } from "../../lib/api-client";

const CREDIT_AUDIT_KEY = ["admin", "credit-audit"] as const;

export function useCreditLedger(filter: CreditLedgerFilter, page: number) {
  return useQuery({
    queryKey: [...CREDIT_AUDIT_KEY, "ledger", filter, page],
    queryFn: ({ signal }) => callApi(adminCreditLedger, { query: { ...filter, page }, signal }),
    enabled: !rangeIsBackwards(filter),
    placeholderData: keepPreviousData,
  });
}

export function useCreditAccounts(onlyDrifted: boolean, page: number) {
  return useQuery({
    queryKey: [...CREDIT_AUDIT_KEY, "accounts", onlyDrifted, page],
    queryFn: ({ signal }) => callApi(adminCreditAccounts, { query: { ...(onlyDrifted ? { only: "drifted" as const } : {}), page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A range whose first day is after its last finds nothing; the page says so instead of asking. */
export function rangeIsBackwards(filter: CreditLedgerFilter): boolean {
  return Boolean(filter.from && filter.to && filter.from > filter.to);
}

/** The CSV of the same filter, header in the page's language; the browser downloads it with the session cookie. */
export function ledgerCsvHref(filter: CreditLedgerFilter, locale: Locale): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) search.set(name, value);
  search.set("lang", locale);
  return `${creditLedgerCsvPath}?${search}`;
}
