import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminCreditAccounts, adminCreditLedger, type CreditLedgerFilter } from "../../../shared/api/credit-audit";
import { LEDGER_KINDS } from "../../../shared/api/credits";
import { isBackwards, isDay, listSearch, oneOf, textUpTo } from "../../components/list-page/list-search";
import { callApi } from "../../lib/api-client";

/** The ledger's filter and page in the address (`?email=…&kind=…&from=…&to=…&reference=…&page=…`); malformed parts are dropped. */
export const LEDGER_SEARCH = listSearch<CreditLedgerFilter>({ email: textUpTo(254), kind: oneOf(LEDGER_KINDS), from: isDay, to: isDay, reference: textUpTo(200) });

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
export const rangeIsBackwards = (filter: CreditLedgerFilter) => isBackwards(filter.from, filter.to);
