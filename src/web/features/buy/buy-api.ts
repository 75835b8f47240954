import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { localCheckoutCancel, localCheckoutPay, localCheckoutSession } from "../../../shared/api/local-checkout";
import { createCheckout, listPayments, paymentDetail, paymentLimits } from "../../../shared/api/payments";
import { quotePurchase } from "../../../shared/api/purchase-quote";
import type { Locale } from "../../../shared/i18n/locales";
import { parseMoney } from "../../../shared/money";
import { callApi } from "../../lib/api-client";
import { PAYMENTS_QUERY_KEY } from "../../lib/live-events";

/** The customer's payments: refetched on open and whenever a `balance` event says money moved (live-events.ts). */
export { PAYMENTS_QUERY_KEY };

/** The smallest and largest purchase (configuration), as Money. */
export function usePaymentLimits() {
  return useQuery({
    queryKey: ["payments", "limits"],
    queryFn: ({ signal }) => callApi(paymentLimits, { signal }),
    select: (data: { min: string; max: string }) => ({ min: parseMoney(data.min), max: parseMoney(data.max) }),
    staleTime: Infinity,
  });
}

/** The server's price of a purchase (with a code): what the checkout will charge and credit. */
export function usePurchaseQuote(input: { amount: string; code: string } | null) {
  return useQuery({
    queryKey: ["payments", "quote", input],
    queryFn: ({ signal }) => callApi(quotePurchase, { query: { amount: input?.amount ?? "", ...(input?.code ? { code: input.code } : {}) }, signal }),
    enabled: input !== null,
    // The last price stays on screen (faded) while the next one is asked.
    placeholderData: keepPreviousData,
  });
}

/** Starts the purchase: the server prices it and answers the provider's checkout address. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (input: { amount: string; code?: string; lang: Locale }) => callApi(createCheckout, { body: input }),
  });
}

export function useOwnPayments() {
  return useQuery({ queryKey: [...PAYMENTS_QUERY_KEY, "list"], queryFn: ({ signal }) => callApi(listPayments, { signal }) });
}

/** One payment with its receipt; `pollMs` refetches it while the page waits for the provider's verdict. */
export function usePaymentDetail(paymentId: string | null, pollMs: number | false = false) {
  return useQuery({
    queryKey: [...PAYMENTS_QUERY_KEY, "detail", paymentId],
    queryFn: ({ signal }) => callApi(paymentDetail, { params: { paymentId: paymentId ?? "" }, signal }),
    enabled: paymentId !== null,
    refetchInterval: pollMs,
  });
}

export function useCheckoutSession(sessionId: string | null) {
  return useQuery({
    queryKey: ["local-checkout", sessionId],
    queryFn: ({ signal }) => callApi(localCheckoutSession, { params: { sessionId: sessionId ?? "" }, signal }),
    enabled: sessionId !== null,
  });
}

/** Cancelling ends the session unpaid on the server, so a discount code's use comes back at once. */
export function useCancelCheckout(sessionId: string) {
  return useMutation({ mutationFn: () => callApi(localCheckoutCancel, { params: { sessionId } }) });
}

export function usePayCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (card: { cardNumber: string; expiry: string; cvc: string }) => callApi(localCheckoutPay, { params: { sessionId }, body: card }),
  });
}
