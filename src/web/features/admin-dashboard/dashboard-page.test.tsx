import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminDashboard, DashboardFigures } from "../../../shared/api/admin-dashboard";
import { renderAt } from "../../test/render-with-app";
import { DashboardPage } from "./dashboard-page";

const quiet: DashboardFigures = {
  signUps: 0,
  activeCustomers: 0,
  callsPlaced: 0,
  callsAnswered: 0,
  answerRate: null,
  billedMinutes: 0,
  revenue: "0.0000",
  carrierCost: "0.0000",
  margin: "0.0000",
  creditSold: "0.0000",
  purchases: 0,
  refunds: "0.0000",
  creditedBack: "0.0000",
  creditedBackBy: { manual: "0.0000", shortCall: "0.0000", poorQuality: "0.0000" },
  averageRating: null,
  ratedCalls: 0,
  quality: { measuredCalls: 0, good: 0, fair: 0, poor: 0, averageRttMs: null, averageJitterMs: null, averagePacketLoss: null },
};
const busy: DashboardFigures = {
  ...quiet,
  signUps: 12,
  activeCustomers: 30,
  callsPlaced: 200,
  callsAnswered: 150,
  answerRate: 0.75,
  billedMinutes: 1234,
  revenue: "300.0000",
  carrierCost: "160.0000",
  margin: "140.0000",
  creditSold: "500.0000",
  purchases: 25,
  refunds: "20.0000",
  creditedBack: "3.5000",
  creditedBackBy: { manual: "1.0000", shortCall: "2.0000", poorQuality: "0.5000" },
  averageRating: 4.25,
  ratedCalls: 40,
  quality: { measuredCalls: 100, good: 80, fair: 15, poor: 5, averageRttMs: 120, averageJitterMs: 8, averagePacketLoss: 0.004 },
};
const period = { from: "2026-03-01", to: "2026-03-07", days: 7, previousFrom: "2026-02-22", previousTo: "2026-02-28" };
const empty: AdminDashboard = {
  period,
  current: quiet,
  previous: quiet,
  outstandingBalance: "0.0000",
  daily: [{ day: "2026-03-01", callsPlaced: 0, callsAnswered: 0, billedMinutes: 0, revenue: "0.0000", margin: "0.0000" }],
  topByMinutes: [],
  topByMargin: [],
  outcomes: [],
  latestCalls: [],
  latestPayments: [],
  openSupport: [],
  generatedAt: "2026-03-07T12:00:00.000Z",
};
const full: AdminDashboard = {
  ...empty,
  current: busy,
  previous: { ...busy, signUps: 10, callsPlaced: 160, answerRate: 0.7, revenue: "200.0000", refunds: "10.0000" },
  outstandingBalance: "1234.5000",
  daily: [
    { day: "2026-03-01", callsPlaced: 120, callsAnswered: 90, billedMinutes: 700, revenue: "180.0000", margin: "80.0000" },
    { day: "2026-03-02", callsPlaced: 80, callsAnswered: 60, billedMinutes: 534, revenue: "120.0000", margin: "60.0000" },
  ],
  topByMinutes: [{ countryCode: "GB", billedMinutes: 900, revenue: "200.0000", margin: "90.0000" }],
  topByMargin: [{ countryCode: "GB", billedMinutes: 900, revenue: "200.0000", margin: "90.0000" }],
  outcomes: [
    { outcome: "completed", refusalReason: null, calls: 150 },
    { outcome: "refused", refusalReason: "insufficient_balance", calls: 7 },
  ],
  latestCalls: [
    { callSid: "CA1", email: "anna@example.com", direction: "outbound", toNumber: "+447106123456", fromNumber: null, countryCode: "GB", status: "completed", startedAt: "2026-03-02T10:00:00.000Z", durationSeconds: 90, cost: "0.0705" },
    { callSid: "CA2", email: "cy@example.com", direction: "inbound", toNumber: "client:user-cy", fromNumber: "+14155550100", countryCode: "US", status: "completed", startedAt: "2026-03-02T09:00:00.000Z", durationSeconds: 30, cost: "0.0000" },
  ],
  latestPayments: [{ id: "pay_1", email: "bo@example.com", amount: "20.0000", status: "succeeded", createdAt: "2026-03-02T11:00:00.000Z" }],
  openSupport: [{ id: "sup_1", reference: "DW-ABCD1234", who: "cy@example.com", subject: null, lastMessageAt: "2026-03-02T12:00:00.000Z", unread: 2 }],
};

const json = (body: unknown, status = 200) => Response.json(body, { status });

function stubApi(answer: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/admin/dashboard") return answer();
    if (url.pathname === "/api/admin/jobs") return json({ queues: [], problems: [], generatedAt: "2026-03-07T12:00:00.000Z" });
    if (url.pathname === "/api/admin/webhooks/deliveries") return json({ deliveries: [], total: 0, page: 1, pageSize: 20 });
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const dashboardRequests = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://localhost")).filter((url) => url.pathname === "/api/admin/dashboard");

const renderPage = (path = "/en/dashboard") => renderAt(<DashboardPage />, { path, pattern: "/:lang/dashboard" });
const figure = (id: string) => document.querySelector(`[data-figure="${id}"]`)?.textContent ?? "";

describe("DashboardPage", () => {
  // The document here lays nothing out; the charts' containers get the size a phone would give them,
  // so the charts draw (as they do in a browser) instead of warning that they have no room.
  let laidOut: { mockRestore(): void } | undefined;
  beforeEach(() => {
    laidOut = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 360, 224));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    laidOut?.mockRestore();
  });

  it("shows each figure beside the previous period with the change, the charts' tables and the latest activity", async () => {
    stubApi(() => json(full));
    renderPage();
    expect(await screen.findByRole("heading", { name: "Figures" })).toBeTruthy();
    expect(figure("sign_ups")).toContain("12");
    expect(figure("sign_ups")).toContain("Up 20%");
    expect(figure("sign_ups")).toContain("Previous period: 10");
    expect(figure("answer_rate")).toContain("75%");
    expect(figure("answer_rate")).toContain("Up 5 points");
    expect(figure("revenue")).toContain("$300.00");
    expect(figure("revenue")).toContain("Up 50%");
    // More refunds is bad news: said as a rise all the same.
    expect(figure("refunds")).toContain("Up 100%");
    expect(figure("margin")).toContain("No change");
    expect(figure("credited_back")).toContain("$3.50");
    expect(figure("credited_back")).toContain("By admins $1.00 · too short $2.00 · poor quality $0.50");
    expect(figure("network_quality")).toContain("80%");
    expect(figure("network_quality")).toContain("100 calls measured · 15 fair · 5 poor");
    expect(figure("outstanding_balance")).toContain("$1,234.50");

    // The charts load in their own chunk; their numbers are in tables for screen readers.
    const outcomes = await screen.findByRole("table", { name: "Call outcomes" });
    expect(within(outcomes).getByRole("rowheader", { name: "Refused: Balance too low" })).toBeTruthy();
    const perDay = screen.getByRole("table", { name: "Calls and minutes per day" });
    expect(within(perDay).getAllByRole("row")).toHaveLength(3);
    expect(within(screen.getByRole("table", { name: "Top destinations by minutes" })).getByRole("rowheader", { name: "United Kingdom" })).toBeTruthy();

    expect(screen.getByRole("link", { name: "All calls" }).getAttribute("href")).toBe("/en/calls");
    // Each call by the number on the other end: the one dialled, or the caller of an incoming call.
    const latestCalls = screen.getByRole("link", { name: "All calls" }).closest("section")!;
    expect(within(latestCalls).getByRole("link", { name: /Outgoing call.*\+44 7106 123456/ })).toBeTruthy();
    expect(within(latestCalls).getByRole("link", { name: /Incoming call.*\+1 415.555.0100/ })).toBeTruthy();
    expect(latestCalls.textContent).not.toContain("client:");
    expect(screen.getByRole("link", { name: "All payments" }).getAttribute("href")).toBe("/en/admin-payments");
    expect(screen.getByRole("link", { name: "cy@example.com" }).getAttribute("href")).toBe("/en/admin-support?c=sup_1");
    expect(screen.getByText("2 unread")).toBeTruthy();
    expect(screen.getByText("bo@example.com")).toBeTruthy();
  });

  it("asks for the period chosen and keeps it in the address, and refuses custom days in the wrong order", async () => {
    const fetchMock = stubApi(() => json(full));
    renderPage();
    await screen.findByRole("heading", { name: "Figures" });
    expect(dashboardRequests(fetchMock).at(-1)?.searchParams.get("period")).toBe("7d");
    fireEvent.click(screen.getByRole("button", { name: "Last 30 days" }));
    await waitFor(() => expect(dashboardRequests(fetchMock).at(-1)?.searchParams.get("period")).toBe("30d"));
    expect(screen.getByRole("button", { name: "Last 30 days" }).getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: "Custom dates" }));
    fireEvent.change(screen.getByLabelText("First day"), { target: { value: "2026-03-07" } });
    fireEvent.change(screen.getByLabelText("Last day"), { target: { value: "2026-03-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The first day must not be after the last day.");
    fireEvent.change(screen.getByLabelText("First day"), { target: { value: "2026-03-01" } });
    fireEvent.change(screen.getByLabelText("Last day"), { target: { value: "2026-03-07" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() => {
      const last = dashboardRequests(fetchMock).at(-1);
      expect([last?.searchParams.get("period"), last?.searchParams.get("from"), last?.searchParams.get("to")]).toEqual(["custom", "2026-03-01", "2026-03-07"]);
    });
  });

  it("says when nothing happened in the period", async () => {
    stubApi(() => json(empty));
    renderPage();
    expect(await screen.findByText("Nothing happened in this period yet: no calls, sign-ups or purchases.")).toBeTruthy();
    expect(figure("answer_rate")).toContain("No comparison");
    expect(screen.getByText("No calls yet.")).toBeTruthy();
    expect(screen.getByText("No open threads.")).toBeTruthy();
  });

  it("shows a spinner while loading and an error with a retry that loads again", async () => {
    let fail = true;
    const fetchMock = stubApi(() => (fail ? json({ error: { code: "internal_error", message: "boom" } }, 500) : json(full)));
    renderPage();
    expect(screen.getByText("Loading the figures…").closest("[role=status]")).toBeTruthy();
    expect((await screen.findByText("The dashboard could not be loaded.")).closest("[role=alert]")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Figures" })).toBeTruthy();
    expect(dashboardRequests(fetchMock).length).toBeGreaterThanOrEqual(2);
  });
});
