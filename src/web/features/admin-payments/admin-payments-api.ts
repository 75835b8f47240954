import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminPayments, createRefund, PAYMENT_PERIODS, type AdminPaymentsFilter, type PaymentPeriod } from "../../../shared/api/admin-payments";
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from "../../../shared/api/payments";
import { isBackwards, isDay, listSearch, oneOf, textUpTo } from "../../components/list-page/list-search";
import { callApi } from "../../lib/api-client";

export const ADMIN_PAYMENTS_QUERY_KEY = ["admin", "payments"] as const;

/** What the payments page keeps in the address: the filter and the totals' period. */
export type AdminPaymentsView = AdminPaymentsFilter & { period?: PaymentPeriod };

/**
 * `?customer=…&status=…&provider=…&from=…&to=…&period=…&page=…`, each part kept only when the
 * server takes it; the period groups the totals and is not a filter (clearing keeps it).
 */
export const ADMIN_PAYMENTS_SEARCH = listSearch<AdminPaymentsView>(
  {
    customer: textUpTo(320),
    status: oneOf(PAYMENT_STATUSES),
    provider: oneOf(PAYMENT_PROVIDERS),
    from: isDay,
    to: isDay,
    period: oneOf(PAYMENT_PERIODS),
  },
  { kept: ["period"] },
);

/** A range whose first day is after its last finds nothing; the page says so instead of asking. */
export const rangeIsBackwards = (filter: AdminPaymentsFilter) => isBackwards(filter.from, filter.to);

export function useAdminPayments(view: AdminPaymentsView, page: number) {
  const { period = "day", ...filter } = view;
  return useQuery({
    queryKey: [...ADMIN_PAYMENTS_QUERY_KEY, filter, period, page],
    queryFn: ({ signal }) => callApi(adminPayments, { query: { ...filter, period, page }, signal }),
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
