import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminJobRetry, adminJobs, adminWebhookDeliveries, type WebhookDeliveryFilter } from "../../../shared/api/admin-background";
import { callApi } from "../../lib/api-client";

const JOBS_KEY = ["admin", "jobs"] as const;
/** Background work changes on its own: look again every 15 seconds while the dashboard is open. */
const REFRESH_MS = 15_000;

export function useAdminJobs() {
  return useQuery({ queryKey: JOBS_KEY, queryFn: ({ signal }) => callApi(adminJobs, { signal }), refetchInterval: REFRESH_MS });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(adminJobRetry, { params: { id } }),
    // Also after a 404: the list then shows that the job is no longer dead.
    onSettled: () => queryClient.invalidateQueries({ queryKey: JOBS_KEY }),
  });
}

export function useWebhookDeliveries(filter: WebhookDeliveryFilter, page: number) {
  return useQuery({
    queryKey: ["admin", "webhook-deliveries", filter, page],
    queryFn: ({ signal }) => callApi(adminWebhookDeliveries, { query: { filter, page, pageSize: 20 }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}
