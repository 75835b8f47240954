import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminCall } from "../../../shared/api/admin-calls";
import { renderAt } from "../../test/render-with-app";
import { AdminCallsPage } from "./admin-calls-page";

const jamaica: AdminCall = {
  id: "c1",
  callSid: "CA-jamaica",
  direction: "outbound",
  toNumber: "+18762101234",
  fromNumber: null,
  countryCode: "JM",
  ratePerMin: "0.2500",
  status: "completed",
  startedAt: "2026-03-10T12:00:00.000Z",
  answeredAt: "2026-03-10T12:00:05.000Z",
  endedAt: "2026-03-10T12:01:35.000Z",
  durationSeconds: 90,
  billedMinutes: 2,
  costUsd: "0.5000",
  qualityRating: 4,
  quality: { rttMs: 620, jitterMs: 12, packetLoss: 0.002, mos: null, packetsSent: 500, packetsReceived: 499 },
  credit: null,
  userEmail: "anna@example.com",
  refusalReason: null,
  carrierRate: "0.12500",
  marginBp: 10_000,
  carrierCostUsd: "0.2500",
  marginUsd: "0.2500",
  qualityGrade: "poor",
  carrierQuality: null,
};
const incoming: AdminCall = {
  ...jamaica,
  id: "c2",
  callSid: "CA-incoming",
  direction: "inbound",
  toNumber: "client:u2",
  fromNumber: "+46701234567",
  countryCode: "SE",
  ratePerMin: "0.0000",
  startedAt: "2026-03-09T08:00:00.000Z",
  billedMinutes: 0,
  costUsd: "0.0000",
  qualityRating: null,
  quality: null,
  userEmail: "bo@example.org",
  carrierRate: null,
  marginBp: null,
  carrierCostUsd: null,
  marginUsd: null,
  qualityGrade: null,
};

const TOTALS = { calls: 2, talkSeconds: 180, billedMinutes: 2, revenueUsd: "0.5000", carrierCostUsd: "0.2500", marginUsd: "0.2500" };
const listPage = (calls: AdminCall[], extra: object = {}) => ({ calls, page: 1, pageCount: 1, totals: TOTALS, ...extra });
const DETAIL = {
  call: jamaica,
  statusUpdates: [
    { id: 1, status: "initiated", talkDurationSeconds: 0, receivedAt: "2026-03-10T12:00:00.000Z" },
    { id: 2, status: "ringing", talkDurationSeconds: 0, receivedAt: "2026-03-10T12:00:02.000Z" },
    { id: 3, status: "answered", talkDurationSeconds: 0, receivedAt: "2026-03-10T12:00:05.000Z" },
    { id: 4, status: "completed", talkDurationSeconds: 90, receivedAt: "2026-03-10T12:01:35.000Z" },
  ],
  ledgerEntry: { id: 7, kind: "call", amount: "-0.5000", balanceAfter: "4.5000", createdAt: "2026-03-10T12:01:35.000Z" },
};

const json = (body: unknown, status = 200) => Response.json(body, { status });
type Handler = (url: URL, init?: RequestInit) => Response | undefined;

const POLICY_OFF = { enabled: false, shortCallSeconds: null, maxPacketLossPercent: null, maxJitterMs: null };

function stubApi(handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.pathname === "/api/admin/calls") return json(listPage([jamaica, incoming]));
    if (url.pathname === "/api/admin/calls/CA-jamaica") return json(DETAIL);
    if (url.pathname === "/api/admin/call-credit-policy") return json({ policy: POLICY_OFF });
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const listCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://localhost")).filter((url) => url.pathname === "/api/admin/calls");

const renderPage = (path = "/en/calls") => renderAt(<AdminCallsPage />, { path, pattern: "/:lang/calls" });

describe("AdminCallsPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows every customer's calls with the customer, the carrier cost and the margin, and totals with the margin", async () => {
    stubApi();
    renderPage();
    const table = await screen.findByRole("region", { name: "Customers' calls" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain("anna@example.com");
    expect(first.textContent).toContain("+1 876 210 1234");
    expect(first.textContent).toContain("Jamaica");
    expect(first.textContent).toContain("Completed");
    expect(first.textContent).toContain("1:30");
    expect(first.textContent).toContain("$0.5000");
    expect(first.textContent).toContain("$0.2500");
    expect(within(first).getByRole("button", { name: "Call quality: Poor. Show the figures" })).toBeTruthy();
    // An incoming call: the caller's number, no carrier figures.
    expect(second.textContent).toContain("bo@example.org");
    expect(second.textContent).toContain("+46 70 123 45 67");
    expect(second.textContent).toContain("—");

    const totals = screen.getByRole("region", { name: "Totals for these filters" });
    expect(totals.textContent).toContain("Calls2");
    expect(totals.textContent).toContain("Talk time3:00");
    expect(totals.textContent).toContain("Billed to customers$0.5000");
    expect(totals.textContent).toContain("Carrier cost (estimate)$0.2500");
    expect(totals.textContent).toContain("Margin$0.2500");
    expect(document.title).toBe("Calls · Dialwise");
  });

  it("asks again with each filter from the first page, keeps them in the address and exports the same filter", async () => {
    const fetchMock = stubApi();
    const { router } = renderPage("/en/calls?page=2&country=GB");
    await screen.findByRole("region", { name: "Customers' calls" });
    expect(listCalls(fetchMock).at(-1)?.search).toBe("?country=GB&page=2");
    expect((screen.getByLabelText("Country") as HTMLSelectElement).value).toBe("GB");

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "busy" } });
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.search).toBe("?status=busy&country=GB&page=1"));
    fireEvent.change(screen.getByLabelText("Direction"), { target: { value: "outbound" } });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-03-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-03-31" } });
    // The text filters wait for typing to pause, then ask once.
    fireEvent.change(screen.getByLabelText("Customer email"), { target: { value: "Anna@" } });
    fireEvent.change(screen.getByLabelText("Number"), { target: { value: "+44 7106" } });
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)?.searchParams.toString()).toBe("from=2026-03-01&to=2026-03-31&status=busy&direction=outbound&country=GB&email=Anna%40&number=%2B44+7106&page=1"),
    );
    expect(listCalls(fetchMock).some((url) => url.searchParams.get("email") === "Anna")).toBe(false);
    expect(router.state.location.search).toBe("?from=2026-03-01&to=2026-03-31&status=busy&direction=outbound&country=GB&email=Anna%40&number=%2B44+7106");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      "/api/admin/calls/export.csv?from=2026-03-01&to=2026-03-31&status=busy&direction=outbound&country=GB&email=Anna%40&number=%2B44+7106&lang=en",
    );

    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect((screen.getByLabelText("Customer email") as HTMLInputElement).value).toBe("");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/admin/calls/export.csv?lang=en");
  });

  it("opens a call's detail with the carrier's events in order, the quality figures and its ledger entry", async () => {
    stubApi();
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Details of the call with \u2066+1 876 210 1234\u2069" }));
    const dialog = await screen.findByRole("dialog", { name: "Call details" });
    const timeline = await within(dialog).findByRole("list", { name: "Carrier's status events" });
    const items = within(timeline).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("span:not([aria-hidden])")?.textContent)).toEqual(["Calling", "Ringing", "In progress", "Completed"]);
    const events = items.map((item) => item.textContent ?? "");
    expect(events[3]).toContain("talk time reported: 1:30");
    expect(dialog.textContent).toContain("Carrier rate per minute$0.12500");
    expect(dialog.textContent).toContain("Markup over the carrier's rate100%");
    expect(dialog.textContent).toContain("OverallPoor");
    expect(dialog.textContent).toContain("Round trip620 ms");
    expect(dialog.textContent).toContain("Rated 4 of 5");
    expect(dialog.textContent).toContain("Amount-$0.5000");
    expect(dialog.textContent).toContain("Balance after$4.5000");
  });

  it("tells an empty back office apart from a filter that finds nothing", async () => {
    const none = { calls: 0, talkSeconds: 0, billedMinutes: 0, revenueUsd: "0.0000", carrierCostUsd: "0.0000", marginUsd: "0.0000" };
    stubApi((url) => (url.pathname === "/api/admin/calls" ? json(listPage([], { totals: none })) : undefined));
    const { unmount } = renderPage();
    expect(await screen.findByText("No calls yet")).toBeTruthy();
    unmount();
    renderPage("/en/calls?status=failed");
    expect(await screen.findByText("No calls match these filters.")).toBeTruthy();
    expect(screen.queryByText("No calls yet")).toBeNull();
  });

  it("shows a failure with the reason and tries again", async () => {
    let fail = true;
    stubApi((url) => (url.pathname === "/api/admin/calls" && fail ? json({ error: { code: "service_unavailable", message: "down" } }, 503) : undefined));
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The calls could not be loaded.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Customers' calls" })).toBeTruthy();
  });

  it("shows cards on a phone, each with its Details button", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    stubApi();
    renderPage();
    const list = await screen.findByRole("list", { name: "Customers' calls" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain("anna@example.com");
    expect(within(cards[0]!).getByRole("button", { name: /Details of the call/ })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Customers' calls" })).toBeNull();
  });
  it("credits a call back with a reason, checking the amount against the call's cost first", async () => {
    const sent: unknown[] = [];
    stubApi((url, init) => {
      if (url.pathname !== "/api/admin/calls/CA-jamaica/credit") return undefined;
      sent.push(JSON.parse(String(init?.body)));
      return json({ credit: { amountUsd: "0.2500", reason: "manual", note: "Echo on the line", createdAt: "2026-03-10T13:00:00.000Z" }, balance: "4.7500" });
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Details of the call with \u2066+1 876 210 1234\u2069" }));
    const dialog = await screen.findByRole("dialog", { name: "Call details" });
    const form = await within(dialog).findByRole("form", { name: "Credit back" });
    const amount = within(form).getByLabelText("Amount (USD)") as HTMLInputElement;
    // The whole cost by default.
    expect(amount.value).toBe("0.50");
    fireEvent.change(amount, { target: { value: "0.75" } });
    fireEvent.click(within(form).getByRole("button", { name: "Credit back" }));
    expect(await within(form).findByText("The credit can be at most what the call cost: \u2068$0.5000\u2069.")).toBeTruthy();
    expect(await within(form).findByText("Say why, in at least 3 characters.")).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(amount, { target: { value: "0.25" } });
    fireEvent.change(within(form).getByLabelText("Reason"), { target: { value: "Echo on the line" } });
    fireEvent.click(within(form).getByRole("button", { name: "Credit back" }));
    await waitFor(() => expect(sent).toEqual([{ amount: "0.25", reason: "Echo on the line" }]));
  });

  it("shows a call's credit instead of the form once it was credited", async () => {
    const credited = { ...DETAIL, call: { ...DETAIL.call, credit: { amountUsd: "0.5000", reason: "short_call", note: null, createdAt: "2026-03-10T12:01:36.000Z" } } };
    stubApi((url) => (url.pathname === "/api/admin/calls/CA-jamaica" ? json(credited) : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Details of the call with \u2066+1 876 210 1234\u2069" }));
    const dialog = await screen.findByRole("dialog", { name: "Call details" });
    await waitFor(() => expect(dialog.textContent).toContain("WhyAutomatic: the call was too short"));
    expect(within(dialog).queryByRole("form", { name: "Credit back" })).toBeNull();
  });

  it("turns the automatic credit policy on with the thresholds typed, an empty field leaving its rule off", async () => {
    const saved: unknown[] = [];
    stubApi((url, init) => {
      if (url.pathname !== "/api/admin/call-credit-policy" || init?.method !== "PUT") return undefined;
      saved.push(JSON.parse(String(init.body)));
      return json({ policy: JSON.parse(String(init.body)) as object });
    });
    renderPage();
    const form = await screen.findByRole("form", { name: "Automatic credits for broken calls" });
    fireEvent.click(within(form).getByRole("switch"));
    fireEvent.change(within(form).getByLabelText("Shorter than (seconds)"), { target: { value: "700" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save policy" }));
    expect(await within(form).findByText("Enter a number in the range shown, or leave the field empty.")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Shorter than (seconds)"), { target: { value: "10" } });
    fireEvent.change(within(form).getByLabelText("Packet loss above (%)"), { target: { value: "5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save policy" }));
    await waitFor(() => expect(saved).toEqual([{ enabled: true, shortCallSeconds: 10, maxPacketLossPercent: 5, maxJitterMs: null }]));
  });
});
