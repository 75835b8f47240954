import { useQuery } from "@tanstack/react-query";
import { creditBalanceRoute } from "../../shared/api/routes";
import { parseMoney, type Money } from "../../shared/money";
import { callApi } from "./api-client";
import { BALANCE_QUERY_KEY } from "./live-events";

/** The spec: the balance is polled every 5 s during a call (and pushed by `balance` events always). */
export const BALANCE_POLL_MS = 5000;

/**
 * The signed-in customer's balance as Money: the header, the home page's card, buying
 * credit and the call all read this one query, so they never disagree. Read with the
 * `balance` live events (which write the same key) rather than polled, except while
 * `polling` (a call: the spec's 5 s).
 */
export function useBalance(enabled: boolean, polling = false) {
  return useQuery({
    queryKey: BALANCE_QUERY_KEY,
    queryFn: ({ signal }) => callApi(creditBalanceRoute, { signal }),
    enabled,
    // Live events keep it current: a stream that was down asks for what it missed when it reconnects (lastEventId).
    staleTime: 60_000,
    refetchInterval: polling ? BALANCE_POLL_MS : false,
    select: (data: { balance: string }): Money => parseMoney(data.balance),
  });
}
