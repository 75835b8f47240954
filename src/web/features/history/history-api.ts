import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CALL_STATUSES, callHistory, callHistoryCsvPath, rateCall, type CallStatus } from "../../../shared/api/calls";
import type { Locale } from "../../../shared/i18n/locales";
import { callApi } from "../../lib/api-client";
import { CALLS_QUERY_KEY } from "../../lib/live-events";

/** What the history page shows: a day range (YYYY-MM-DD, UTC days as the server counts them) and a status. */
export interface HistoryFilter {
  from?: string;
  to?: string;
  status?: CallStatus;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isStatus = (value: string | null): value is CallStatus => CALL_STATUSES.includes(value as CallStatus);

/**
 * The filter and page from the address bar (`?from=…&to=…&status=…&page=…`), so a filtered
 * view survives a reload and the back button. Anything malformed is dropped rather than sent.
 */
export function readHistorySearch(search: URLSearchParams): { filter: HistoryFilter; page: number } {
  const from = search.get("from");
  const to = search.get("to");
  const status = search.get("status");
  const page = Number(search.get("page"));
  return {
    filter: {
      ...(from && DAY.test(from) ? { from } : {}),
      ...(to && DAY.test(to) ? { to } : {}),
      ...(isStatus(status) ? { status } : {}),
    },
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function writeHistorySearch(filter: HistoryFilter, page: number): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.from) search.set("from", filter.from);
  if (filter.to) search.set("to", filter.to);
  if (filter.status) search.set("status", filter.status);
  if (page > 1) search.set("page", String(page));
  return search;
}

/** The filter with one field changed ("" removes it), or with none when the change is null. */
export function applyFilterChange(filter: HistoryFilter, change: { name: keyof HistoryFilter; value: string } | null): HistoryFilter {
  if (change === null) return {};
  const next: Record<string, string> = { ...filter };
  if (change.value) next[change.name] = change.value;
  else delete next[change.name];
  return readHistorySearch(new URLSearchParams(next)).filter;
}

/** A range whose first day is after its last finds nothing; the page says so instead of asking. */
export function rangeIsBackwards(filter: HistoryFilter): boolean {
  return Boolean(filter.from && filter.to && filter.from > filter.to);
}

export function useCallHistory(filter: HistoryFilter, page: number) {
  return useQuery({
    // Under CALLS_QUERY_KEY: every `call.status` live event refreshes the list.
    queryKey: [...CALLS_QUERY_KEY, "history", filter, page],
    queryFn: ({ signal }) => callApi(callHistory, { query: { ...filter, page }, signal }),
    enabled: !rangeIsBackwards(filter),
    // The current page stays on screen while the next filter or page loads.
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of the same filter, in the page's language; the browser downloads it with the session cookie. */
export function csvExportHref(filter: HistoryFilter, locale: Locale): string {
  const search = writeHistorySearch(filter, 1);
  search.set("lang", locale);
  return `${callHistoryCsvPath}?${search}`;
}

export function useRateCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callSid, rating }: { callSid: string; rating: number }) => callApi(rateCall, { params: { callSid }, body: { rating } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALLS_QUERY_KEY }),
  });
}
