import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PaymentDetail } from "../../../shared/api/payments";
import { useLiveEvents } from "../../lib/live-events";
import { renderAt } from "../../test/render-with-app";
import { json, requestsTo, stubApi, SUCCEEDED } from "./buy.fixtures";
import { PaymentSuccessPage } from "./payment-success-page";
import { LANDING_POLL_MS, LANDING_WAIT_MS } from "./use-credit-landing";

const PAYMENT = SUCCEEDED.id;

/** A stand-in for the browser's EventSource, so a test can deliver live events. */
class FakeEventSource extends EventTarget {
  readyState = 1;
  close() {
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

let stream: FakeEventSource | null = null;
function Live() {
  useLiveEvents(true, () => {
    stream = new FakeEventSource();
    return stream as unknown as EventSource;
  });
  return null;
}

/** The payment as the server tells it, changed by the test; and the balance after it. */
function serve(state: { payment: PaymentDetail; balance: string }) {
  return stubApi((url) => {
    if (url.pathname === `/api/payments/${PAYMENT}`) return json(state.payment);
    if (url.pathname === "/api/credits/balance") return json({ balance: state.balance });
    return undefined;
  });
}

const renderPage = () =>
  renderAt(
    <>
      <Live />
      <PaymentSuccessPage />
    </>,
    { path: `/en/payment-success?payment=${PAYMENT}`, pattern: "/:lang/payment-success" },
  );

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("PaymentSuccessPage", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    stream = null;
  });

  it("asks again as soon as the balance event arrives, then shows the new balance and the receipt", async () => {
    vi.useFakeTimers();
    const state: { payment: PaymentDetail; balance: string } = { payment: { ...SUCCEEDED, status: "pending", completedAt: null }, balance: "2.0000" };
    const fetchMock = serve(state);
    renderPage();
    await advance(0);
    expect(screen.getAllByText("Adding the credit to your balance…").length).toBeGreaterThan(0);
    const asked = requestsTo(fetchMock, `/api/payments/${PAYMENT}`).length;

    state.payment = SUCCEEDED;
    state.balance = "13.0000";
    act(() => stream?.emit("balance", { balance: "13.0000" }));
    await advance(0);
    // Heard the event: asked at once, before the next poll was due.
    expect(requestsTo(fetchMock, `/api/payments/${PAYMENT}`).length).toBe(asked + 1);
    expect(screen.getByTestId("new-balance").textContent).toBe("$13.00");
    const receipt = screen.getByRole("article", { name: "Payment receipt" });
    for (const text of [PAYMENT, "ada@example.com", "WELCOME10", "Test card (local checkout)", "ch_local_42", "+$1.00", "Paid"]) expect(receipt.textContent).toContain(text);
    expect(screen.getByRole("button", { name: "Print or save as PDF" })).toBeTruthy();
  });

  it("polls every 2 seconds while no event comes, and shows the credit once the payment has succeeded", async () => {
    vi.useFakeTimers();
    const state: { payment: PaymentDetail; balance: string } = { payment: { ...SUCCEEDED, status: "pending" }, balance: "2.0000" };
    const fetchMock = serve(state);
    renderPage();
    await advance(0);
    expect(requestsTo(fetchMock, `/api/payments/${PAYMENT}`)).toHaveLength(1);
    await advance(LANDING_POLL_MS);
    expect(requestsTo(fetchMock, `/api/payments/${PAYMENT}`)).toHaveLength(2);
    state.payment = SUCCEEDED;
    state.balance = "13.0000";
    await advance(LANDING_POLL_MS);
    expect(requestsTo(fetchMock, `/api/payments/${PAYMENT}`)).toHaveLength(3);
    await advance(10);
    expect(screen.getByText("Payment received: your credit is ready to use.")).toBeTruthy();
    expect(screen.getByTestId("new-balance").textContent).toBe("$13.00");
    // Settled: no more asking.
    await advance(LANDING_POLL_MS * 3);
    expect(requestsTo(fetchMock, `/api/payments/${PAYMENT}`)).toHaveLength(3);
  });

  it("says a payment still pending after the wait is still processing, and stops asking", async () => {
    vi.useFakeTimers();
    const fetchMock = serve({ payment: { ...SUCCEEDED, status: "pending" }, balance: "2.0000" });
    renderPage();
    await advance(LANDING_WAIT_MS);
    await advance(0);
    expect(screen.getByText("Still processing")).toBeTruthy();
    // It asked again while it waited, at most once per poll (how many of those fit depends on when each answer
    // landed, which a loaded machine moves: an exact count flaked), and never after.
    const asked = requestsTo(fetchMock, `/api/payments/${PAYMENT}`).length;
    expect(asked).toBeGreaterThan(LANDING_WAIT_MS / LANDING_POLL_MS / 2);
    expect(asked).toBeLessThanOrEqual(1 + LANDING_WAIT_MS / LANDING_POLL_MS);
    await advance(LANDING_POLL_MS * 5);
    expect(requestsTo(fetchMock, `/api/payments/${PAYMENT}`)).toHaveLength(asked);
  });

  it("says a failed payment failed, why, and that nothing was credited", async () => {
    serve({ payment: { ...SUCCEEDED, status: "failed", failureReason: "Your card was declined." }, balance: "2.0000" });
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toBe("The payment failedYour card was declined.Nothing was credited to your balance.");
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("never shows a cancelled checkout as credited", async () => {
    serve({ payment: { ...SUCCEEDED, status: "cancelled", failureReason: "You cancelled the checkout." }, balance: "2.0000" });
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toBe("The payment was cancelledYou cancelled the checkout.Nothing was credited to your balance.");
    expect(screen.queryByRole("article")).toBeNull();
  });
});
