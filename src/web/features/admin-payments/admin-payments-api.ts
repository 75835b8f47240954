import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminPayments, createRefund, type AdminPaymentsFilter, type PaymentPeriod } from "../../../shared/api/admin-payments";
import { callApi } from "../../lib/api-client";

export const ADMIN_PAYMENTS_QUERY_KEY = ["admin", "payments"] as const;

/** A range whose first day is after its last finds nothing; the page says so instead of asking. */
export function rangeIsBackwards(filter: AdminPaymentsFilter): boolean {
  return Boolean(filter.from && filter.to && filter.from > filter.to);
}

/** The filter as sent: empty fields left out, so "" never reaches the server. */
export function cleanFilter(filter: AdminPaymentsFilter): AdminPaymentsFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => typeof value === "string" && value.trim() !== "")) as AdminPaymentsFilter;
}

export function useAdminPayments(filter: AdminPaymentsFilter, period: PaymentPeriod, page: number) {
  const query = cleanFilter(filter);
  return useQuery({
    queryKey: [...ADMIN_PAYMENTS_QUERY_KEY, query, period, page],
    queryFn: ({ signal }) => callApi(adminPayments, { query: { ...query, period, page }, signal }),
    enabled: !rangeIsBackwards(filter),
    placeholderData: keepPreviousData,
  });
}

export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, amount, reason }: { paymentId: string; amount: string; reason: string }) => callApi(createRefund, { params: { paymentId }, body: { amount, reason } }),
    // A failed refund is recorded too (the payment's refunds list shows it): refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_PAYMENTS_QUERY_KEY }),
  });
}
