import { useQuery } from "@tanstack/react-query";
import { callHistory } from "../../../shared/api/calls";
import { callApi } from "../../lib/api-client";
import { CALLS_QUERY_KEY } from "../../lib/live-events";

/** The country of the customer's most recent outgoing call (GET /api/calls is newest first), or null. */
export function useRecentCountry() {
  return useQuery({
    queryKey: [...CALLS_QUERY_KEY, "history", {}, 1],
    queryFn: ({ signal }) => callApi(callHistory, { query: { page: 1 }, signal }),
    select: (data: { calls: { direction: string; countryCode: string }[] }) =>
      data.calls.find((call) => call.direction === "outbound" && call.countryCode)?.countryCode ?? null,
  });
}
