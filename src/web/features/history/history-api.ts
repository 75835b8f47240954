import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CALL_STATUSES, callHistory, rateCall, type CallStatus } from "../../../shared/api/calls";
import { isBackwards, isDay, listSearch, oneOf } from "../../components/list-page/list-search";
import { callApi } from "../../lib/api-client";
import { CALLS_QUERY_KEY } from "../../lib/live-events";

/** What the history page shows: a day range (YYYY-MM-DD, UTC days as the server counts them) and a status. */
export interface HistoryFilter {
  from?: string;
  to?: string;
  status?: CallStatus;
}

/**
 * The filter and page in the address bar (`?from=…&to=…&status=…&page=…`), so a filtered view
 * survives a reload and the back button; anything malformed is dropped rather than sent.
 */
export const HISTORY_SEARCH = listSearch<HistoryFilter>({ from: isDay, to: isDay, status: oneOf(CALL_STATUSES) });

/** A range whose first day is after its last finds nothing; the page says so instead of asking. */
export const rangeIsBackwards = (filter: HistoryFilter) => isBackwards(filter.from, filter.to);

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

export function useRateCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callSid, rating }: { callSid: string; rating: number }) => callApi(rateCall, { params: { callSid }, body: { rating } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALLS_QUERY_KEY }),
  });
}
