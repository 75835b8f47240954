import { vi } from "vitest";
import type { PaymentDetail } from "../../../shared/api/payments";
import type { PublicCountryRate } from "../../../shared/api/rates";

/** Test data and a fake API for the buying pages' tests (the same approach as the history tests). */

export const json = (body: unknown, status = 200) => Response.json(body, { status });
export const apiError = (status: number, code: string, message = code) => json({ error: { code, message } }, status);

/** Prices chosen for easy arithmetic: $10 buys 333 minutes at $0.03 and 83 at $0.12. */
export const RATES: PublicCountryRate[] = [
  { country_name: "United Kingdom", country_code: "GB", dial_code: "+44", our_cheapest_rate: "0.0300", our_most_expensive_rate: "0.1200", is_popular: true },
  { country_name: "United States", country_code: "US", dial_code: "+1", our_cheapest_rate: "0.0100", our_most_expensive_rate: "0.0100", is_popular: true },
];

export const SUCCEEDED: PaymentDetail = {
  id: "pay_0123456789abcdef01234567",
  provider: "local",
  amount: "10.0000",
  credit: "10.0000",
  bonus: "1.0000",
  refunded: "0.0000",
  discountCode: "WELCOME10",
  currency: "usd",
  status: "succeeded",
  failureReason: null,
  createdAt: "2026-03-10T12:00:00.000Z",
  completedAt: "2026-03-10T12:00:30.000Z",
  customerEmail: "ada@example.com",
  providerReference: "ch_local_42",
  refunds: [],
};

export type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

/** Stubs fetch: the handler answers first, then the common reads; anything else is 404. */
export function stubApi(handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.pathname === "/api/payments/limits") return json({ min: "5.0000", max: "500.0000" });
    if (url.pathname === "/api/credits/balance") return json({ balance: "2.0000" });
    if (url.pathname === "/api/rates/countries") return json({ countries: RATES });
    if (url.pathname === "/api/calls") return json({ calls: [], page: 1, pageCount: 1, totals: { calls: 0, talkSeconds: 0, billedMinutes: 0, costUsd: "0.0000" } });
    return apiError(404, "not_found");
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The requests made to one path, with their parsed URL and body. */
export function requestsTo(fetchMock: ReturnType<typeof stubApi>, pathname: string, method = "GET") {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), "http://localhost"), init }))
    .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? "GET") === method)
    .map(({ url, init }) => ({ url, body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined }));
}
