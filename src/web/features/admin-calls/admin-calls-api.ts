import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminCallDetail, adminCalls, CALL_DIRECTIONS } from "../../../shared/api/admin-calls";
import { CALL_STATUSES, type CallStatus } from "../../../shared/api/calls";
import { callApi } from "../../lib/api-client";
import { isBackwards, isDay, listSearch, oneOf, textUpTo } from "../../components/list-page/list-search";

/** What the calls page filters by; the server makes the email and number canonical and matches them anywhere. */
export interface AdminCallsFilter {
  from?: string;
  to?: string;
  status?: CallStatus;
  direction?: (typeof CALL_DIRECTIONS)[number];
  country?: string;
  email?: string;
  number?: string;
}
export type AdminCallsFilterName = keyof AdminCallsFilter;

/**
 * `?from=…&to=…&status=…&direction=…&country=…&email=…&number=…&page=…`: each field kept only
 * when it is a value the server takes, so a hand-edited link never fails.
 */
export const ADMIN_CALLS_SEARCH = listSearch<AdminCallsFilter>({
  from: isDay,
  to: isDay,
  status: oneOf(CALL_STATUSES),
  direction: oneOf(CALL_DIRECTIONS),
  country: (value) => /^[A-Z]{2}$/.test(value),
  email: textUpTo(254),
  number: textUpTo(40),
});

/** A range whose first day is after its last finds nothing; the page says so instead of asking. */
export const rangeIsBackwards = (filter: AdminCallsFilter) => isBackwards(filter.from, filter.to);

const ADMIN_CALLS_KEY = ["admin", "calls"] as const;

export function useAdminCalls(filter: AdminCallsFilter, page: number) {
  return useQuery({
    queryKey: [...ADMIN_CALLS_KEY, "list", filter, page],
    queryFn: ({ signal }) => callApi(adminCalls, { query: { ...filter, page }, signal }),
    enabled: !rangeIsBackwards(filter),
    // The current page stays on screen while the next filter or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminCallDetail(callSid: string | null) {
  return useQuery({
    queryKey: [...ADMIN_CALLS_KEY, "detail", callSid],
    queryFn: ({ signal }) => callApi(adminCallDetail, { params: { callSid: callSid ?? "" }, signal }),
    enabled: callSid !== null,
  });
}

