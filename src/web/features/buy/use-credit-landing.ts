import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { paymentDetail, type PaymentDetail } from "../../../shared/api/payments";
import { chargedNothing } from "../../../shared/payments/charged";
import { callApi } from "../../lib/api-client";
import { BALANCE_QUERY_KEY } from "../../lib/live-events";
import { PAYMENTS_QUERY_KEY } from "./buy-api";

/** How often the payment is asked about while it is pending, and for how long in all. */
export const LANDING_POLL_MS = 2000;
export const LANDING_WAIT_MS = 60_000;

export type Landing =
  | { state: "waiting" }
  | { state: "succeeded"; payment: PaymentDetail }
  | { state: "failed"; payment: PaymentDetail }
  | { state: "still_pending"; payment: PaymentDetail }
  | { state: "error"; error: unknown; retry: () => void };

/**
 * Waits for a payment's credit to land: the `balance` live event (the credit's ledger row
 * publishes it) asks at once (live-events.ts reads every payment detail again on it), and
 * the payment is polled every 2 s meanwhile in case the stream is down, for up to a minute.
 * Then it is succeeded, failed, or still pending.
 */
export function useCreditLanding(paymentId: string | null): Landing {
  const queryClient = useQueryClient();
  const [waitOver, setWaitOver] = useState(false);
  const payment = useQuery({
    queryKey: [...PAYMENTS_QUERY_KEY, "detail", paymentId],
    queryFn: ({ signal }) => callApi(paymentDetail, { params: { paymentId: paymentId ?? "" }, signal }),
    enabled: paymentId !== null,
    refetchInterval: (query) => (query.state.data?.status === "pending" && !waitOver ? LANDING_POLL_MS : false),
  });
  const status = payment.data?.status;
  const { refetch } = payment;

  useEffect(() => {
    const timer = setTimeout(() => setWaitOver(true), LANDING_WAIT_MS);
    return () => clearTimeout(timer);
  }, [paymentId]);

  // The credit landed: the balance everyone shows is read again, in case its event was missed.
  const landed = status !== undefined && status !== "pending" && !chargedNothing(status);
  useEffect(() => {
    if (landed) void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
  }, [landed, queryClient]);

  if (payment.isError) return { state: "error", error: payment.error, retry: () => void refetch() };
  const data = payment.data;
  if (!data) return { state: "waiting" };
  // Declined, expired or cancelled: nothing was credited.
  if (chargedNothing(data.status)) return { state: "failed", payment: data };
  if (data.status === "pending") return waitOver ? { state: "still_pending", payment: data } : { state: "waiting" };
  return { state: "succeeded", payment: data };
}
