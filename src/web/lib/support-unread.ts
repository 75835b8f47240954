import { useQuery } from "@tanstack/react-query";
import { supportUnreadRoute } from "../../shared/api/routes";
import { SUPPORT_UNREAD_POLL_MS } from "../../shared/support/support-limits";
import { callApi } from "./api-client";
import { SUPPORT_UNREAD_QUERY_KEY } from "./live-events";

/**
 * A signed-in customer's unread support replies: the header's badge and the More menu's.
 * `support.unread` live events write the same key as replies arrive and are read; the spec's
 * 30 s poll keeps it right while the stream is down. A failure is only logged (spec: error catalogue).
 */
export function useSupportUnread(enabled: boolean): number {
  const unread = useQuery({
    queryKey: SUPPORT_UNREAD_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await callApi(supportUnreadRoute, { signal });
      } catch (error) {
        if (!signal.aborted) console.warn("the unread support count could not be read", error);
        throw error;
      }
    },
    enabled,
    refetchInterval: enabled ? SUPPORT_UNREAD_POLL_MS : false,
    staleTime: SUPPORT_UNREAD_POLL_MS,
  });
  return enabled ? (unread.data?.count ?? 0) : 0;
}
