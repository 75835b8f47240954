import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CallLog } from "../../../shared/api/calls";
import { renderAt } from "../../test/render-with-app";
import { HistoryPage } from "./history-page";

const completed: CallLog = {
  id: "c1",
  callSid: "CA-completed",
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
  qualityRating: null,
  quality: { rttMs: 80, jitterMs: 4, packetLoss: 0.001, mos: null, packetsSent: 500, packetsReceived: 499 },
  credit: null,
};
const busy: CallLog = {
  ...completed,
  id: "c2",
  callSid: "CA-busy",
  toNumber: "+447106123456",
  countryCode: "GB",
  ratePerMin: "0.0300",
  status: "busy",
  startedAt: "2026-03-09T08:00:00.000Z",
  answeredAt: null,
  durationSeconds: 0,
  billedMinutes: 0,
  costUsd: "0.0000",
  quality: null,
};
const rated: CallLog = { ...completed, id: "c3", callSid: "CA-rated", qualityRating: 4, startedAt: "2026-03-08T08:00:00.000Z", quality: { ...completed.quality!, packetLoss: 0.08 } };

const page = (calls: CallLog[], extra: Partial<{ page: number; pageCount: number; totals: object }> = {}) => ({
  calls,
  page: 1,
  pageCount: 1,
  totals: { calls: calls.length, talkSeconds: 180, billedMinutes: 4, costUsd: "1.0000" },
  ...extra,
});

const json = (body: unknown, status = 200) => Response.json(body, { status });
type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

function stubApi(handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.pathname === "/api/calls") return json(page([completed, busy, rated]));
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const historyCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://localhost")).filter((url) => url.pathname === "/api/calls");

function Home() {
  const location = useLocation();
  return <p data-testid="home">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function renderPage(path = "/en/history") {
  return renderAt(<HistoryPage />, { path, pattern: "/:lang/history", extraRoutes: [{ path: "/:lang", element: <Home /> }] });
}

describe("HistoryPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each call's number, country, start, duration, rate, cost, status, rating and quality, and the totals", async () => {
    stubApi();
    renderPage();
    const table = await screen.findByRole("region", { name: "Your calls" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain("+1 876 210 1234");
    expect(first.textContent).toContain("Jamaica");
    expect(first.textContent).toContain("1:30");
    expect(first.textContent).toContain("$0.2500");
    expect(first.textContent).toContain("$0.5000");
    expect(first.textContent).toContain("Completed");
    expect(within(first).getByRole("button", { name: "Rate the call with \u2066+1 876 210 1234\u2069" })).toBeTruthy();
    expect(within(first).getByRole("button", { name: "Call quality: Good. Show the figures" })).toBeTruthy();
    expect(within(first).getByText("Mar 10, 2026", { exact: false })).toBeTruthy();
    expect(within(first).getByText("12:00 PM")).toBeTruthy();
    // A call that never connected has nothing to rate.
    expect(second.textContent).toContain("United Kingdom");
    expect(second.textContent).toContain("Busy");
    expect(within(second).queryByRole("button", { name: /Rate the call/ })).toBeNull();
    expect(within(third).getByRole("img", { name: "Rated 4 of 5" })).toBeTruthy();
    expect(within(third).getByRole("button", { name: "Call quality: Poor. Show the figures" })).toBeTruthy();

    const totals = screen.getByRole("region", { name: "Totals for these filters" });
    expect(totals.textContent).toContain("Calls3");
    expect(totals.textContent).toContain("Talk time3:00");
    expect(totals.textContent).toContain("Billed minutes4");
    expect(totals.textContent).toContain("Total cost$1.0000");
    expect(document.title).toBe("Call history · Dialwise");
  });

  it("fits its columns in the page's width: headings that wrap, the day over the time, the rating over the quality", async () => {
    stubApi();
    renderPage();
    const table = await screen.findByRole("region", { name: "Your calls" });
    // Ten columns were wider than 1120 px in English and Russian; nine, with the rating and the quality in one, are not.
    expect(within(table).getAllByRole("columnheader").map((heading) => heading.textContent)).toEqual([
      "Number",
      "Country",
      "Started",
      "Duration",
      "Rate per minute",
      "Cost",
      "Status",
      "Your ratingQuality",
      "Actions",
    ]);
    const [first, second] = within(table).getAllByRole("row").slice(1) as [HTMLElement, HTMLElement];
    const cells = within(first).getAllByRole("cell");
    const started = cells[2]!.querySelector("time")!;
    expect(started.getAttribute("datetime")).toBe("2026-03-10T12:00:00.000Z");
    expect([started.firstChild?.textContent, started.lastChild?.textContent]).toEqual(["Mar 10, 2026", "12:00 PM"]);
    // The Rate button and, under it, the measured quality, in the rating's column.
    expect(within(cells[7]!).getByRole("button", { name: /Rate the call/ })).toBeTruthy();
    expect(within(cells[7]!).getByRole("button", { name: "Call quality: Good. Show the figures" })).toBeTruthy();
    // A call with neither shows one dash, not two.
    expect(within(second).getAllByRole("cell")[7]!.textContent).toBe("—");
    // Call again is the phone icon alone in the table, its words in the tooltip; its name is the same.
    const callAgain = within(cells[8]!).getByRole("button", { name: "Call \u2066+1 876 210 1234\u2069 again" });
    expect([callAgain.textContent, callAgain.getAttribute("title")]).toEqual(["", "Call again"]);
  });

  it("opens the measured figures from the quality summary", async () => {
    stubApi();
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Call quality: Good. Show the figures" }));
    const figures = await screen.findByText("Measured during the call");
    const panel = figures.parentElement!;
    expect(panel.textContent).toContain("Round trip80 ms");
    expect(panel.textContent).toContain("Jitter4 ms");
    expect(panel.textContent).toContain("Packet loss0.1%");
  });

  it("asks again with the filter, from the first page, and exports the same filter", async () => {
    const fetchMock = stubApi((url) => (url.pathname === "/api/calls" && url.searchParams.get("page") === "2" ? json(page([rated], { page: 2, pageCount: 2 })) : undefined));
    const { router } = renderPage("/en/history?page=2");
    await screen.findByText("Page 2 of 2");
    expect(historyCalls(fetchMock).at(-1)?.searchParams.get("page")).toBe("2");

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "busy" } });
    await waitFor(() => expect(historyCalls(fetchMock).at(-1)?.search).toBe("?status=busy&page=1"));
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-03-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-03-31" } });
    await waitFor(() => expect(historyCalls(fetchMock).at(-1)?.search).toBe("?from=2026-03-01&to=2026-03-31&status=busy&page=1"));
    expect(router.state.location.search).toBe("?from=2026-03-01&to=2026-03-31&status=busy");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/calls/export.csv?from=2026-03-01&to=2026-03-31&status=busy&lang=en");

    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/calls/export.csv?lang=en");
  });

  it("builds a quick second change on the first, before the address bar catches up", async () => {
    const fetchMock = stubApi();
    const { router } = renderPage("/en/history?status=busy");
    await screen.findByText("Page 1 of 1");
    // Clear, then a day typed before React renders again (one act): the day must not bring the cleared status back.
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
      fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-03-05" } });
    });
    await waitFor(() => expect(router.state.location.search).toBe("?from=2026-03-05"));
    await waitFor(() => expect(historyCalls(fetchMock).at(-1)?.search).toBe("?from=2026-03-05&page=1"));
  });

  it("says so when the start day is after the end day, without asking the server", async () => {
    const fetchMock = stubApi();
    renderPage("/en/history?from=2026-04-02&to=2026-04-01");
    expect((await screen.findByRole("alert")).textContent).toBe("The start date is after the end date.");
    expect(historyCalls(fetchMock)).toHaveLength(0);
  });

  it("pages forward and back", async () => {
    const fetchMock = stubApi((url) =>
      url.pathname === "/api/calls" ? json(page(url.searchParams.get("page") === "2" ? [rated] : [completed, busy], { page: Number(url.searchParams.get("page")), pageCount: 2 })) : undefined,
    );
    const { router } = renderPage();
    await screen.findByText("Page 1 of 2");
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Page 2 of 2");
    expect(historyCalls(fetchMock).at(-1)?.searchParams.get("page")).toBe("2");
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    // The browser's back button returns to the first page; the header's History link to an unfiltered list.
    await act(() => router.navigate(-1));
    await screen.findByText("Page 1 of 2");
    await act(() => router.navigate("/en/history?status=busy&page=2"));
    await waitFor(() => expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("busy"));
    await act(() => router.navigate("/en/history"));
    await waitFor(() => expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe(""));
    expect(historyCalls(fetchMock).at(-1)?.search).toBe("?page=1");
  });

  it("invites a customer with no calls to make one", async () => {
    stubApi((url) => (url.pathname === "/api/calls" ? json(page([], { totals: { calls: 0, talkSeconds: 0, billedMinutes: 0, costUsd: "0.0000" } })) : undefined));
    renderPage();
    expect(await screen.findByText("No calls yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Make a call" }));
    expect((await screen.findByTestId("home")).textContent).toBe('/en {"scrollToCall":true}');
  });

  it("tells a filter that finds nothing apart from having no calls at all", async () => {
    stubApi((url) => (url.pathname === "/api/calls" ? json(page([], { totals: { calls: 0, talkSeconds: 0, billedMinutes: 0, costUsd: "0.0000" } })) : undefined));
    renderPage("/en/history?status=failed");
    expect(await screen.findByText("No calls match these filters.")).toBeTruthy();
    expect(screen.queryByText("No calls yet")).toBeNull();
  });

  it("shows a failure with the reason and tries again", async () => {
    let fail = true;
    const fetchMock = stubApi((url) => (url.pathname === "/api/calls" && fail ? json({ error: { code: "service_unavailable", message: "down" } }, 503) : undefined));
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your calls could not be loaded.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findAllByText("Jamaica")).toHaveLength(2);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(historyCalls(fetchMock)).toHaveLength(2);
  });

  it("calls again: home with the country, the digits after its dial code, and a scroll to the call section", async () => {
    stubApi();
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Call \u2066+44 7106 123456\u2069 again" }));
    expect((await screen.findByTestId("home")).textContent).toBe('/en {"selectedCode":"GB","phoneNumber":"7106123456","scrollToCall":true}');
  });

  it("rates a call from 1 to 5 in a dialog and sends the chosen stars", async () => {
    const fetchMock = stubApi((url, init) => (init?.method === "PUT" ? json({ call: { ...completed, qualityRating: 3 } }) : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: /Rate the call/ }));
    const dialog = await screen.findByRole("dialog", { name: "Rate this call" });
    // No star is chosen for the customer: Submit waits for one.
    expect(within(dialog).getAllByRole("radio").filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
    expect((within(dialog).getByRole("button", { name: "Submit rating" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole("radio", { name: "3 of 5 stars" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit rating" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(String(put?.[0])).toBe("/api/calls/CA-completed/rating");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ rating: 3 });
    expect(await screen.findByText("Thank you for rating your call.")).toBeTruthy();
  });

  it("keeps the dialog open with the reason when the rating is refused", async () => {
    stubApi((url, init) => (init?.method === "PUT" ? json({ error: { code: "call_not_finished", message: "not over" } }, 409) : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: /Rate the call/ }));
    const dialog = await screen.findByRole("dialog", { name: "Rate this call" });
    fireEvent.click(within(dialog).getByRole("radio", { name: "4 of 5 stars" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit rating" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This call has not ended yet. Rate it once it is over.");
  });

  it("shows cards on a phone, with the same facts and actions", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    stubApi();
    renderPage();
    const list = await screen.findByRole("list", { name: "Your calls" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(3);
    expect(cards[0]?.textContent).toContain("Jamaica");
    expect(cards[0]?.textContent).toContain("$0.5000");
    expect(within(cards[0]!).getByRole("button", { name: /Call .* again/ })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Your calls" })).toBeNull();
  });
  it("shows what was credited back on a call, and why, beside its cost", async () => {
    const credited: CallLog = { ...completed, credit: { amountUsd: "0.5000", reason: "poor_quality", note: null, createdAt: "2026-03-10T12:05:00.000Z" } };
    stubApi((url) => (url.pathname === "/api/calls" ? json(page([credited])) : undefined));
    renderPage();
    const table = await screen.findByRole("region", { name: "Your calls" });
    const [row] = within(table).getAllByRole("row").slice(1);
    expect(row?.textContent).toContain("\u2068$0.5000\u2069 credited back");
    expect(row?.textContent).toContain("The line quality was poor");
  });
});
