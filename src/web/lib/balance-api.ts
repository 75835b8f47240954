import { useQuery } from "@tanstack/react-query";
import { creditBalanceRoute } from "../../shared/api/routes";
import { parseMoney, type Money } from "../../shared/money";
import { callApi } from "./api-client";
import { BALANCE_QUERY_KEY } from "./live-events";

/** The spec: the balance is polled every 5 s during a call (and pushed by `balance` events always). */
export const BALANCE_POLL_MS = 5000;

export function fetchBalance(): Promise<{ balance: string }> {
  return callApi(creditBalanceRoute);
}

/** The signed-in customer's balance as Money; polled while `polling`. */
export function useBalance(enabled: boolean, polling = false) {
  return useQuery({
    queryKey: BALANCE_QUERY_KEY,
    queryFn: fetchBalance,
    enabled,
    refetchInterval: polling ? BALANCE_POLL_MS : false,
    select: (data: { balance: string }): Money => parseMoney(data.balance),
  });
}
