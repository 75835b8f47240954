import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminDashboard, type AdminDashboardQuery } from "../../../shared/api/admin-dashboard";
import { callApi } from "../../lib/api-client";
import { ADMIN_DASHBOARD_QUERY_KEY } from "../../lib/live-events";

/**
 * Live events (`admin.activity`: a call ended, money moved) make the figures read again at once;
 * this poll is the fallback for a stream that is down or an event that was missed.
 */
export const DASHBOARD_POLL_MS = 60_000;

export function useAdminDashboard(query: AdminDashboardQuery) {
  return useQuery({
    queryKey: [...ADMIN_DASHBOARD_QUERY_KEY, query],
    queryFn: ({ signal }) => callApi(adminDashboard, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_POLL_MS,
  });
}
