import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CreditAccount, CreditLedgerRow } from "../../../shared/api/credit-audit";
import { renderAt } from "../../test/render-with-app";
import { CreditAuditPage } from "./credit-audit-page";

const account: CreditAccount = {
  userId: "u1",
  email: "anna@example.com",
  balance: "2.5000",
  ledgerSum: "2.5000",
  lastBalanceAfter: "2.5000",
  entries: 1,
  difference: "0.0000",
  drifted: false,
};
const row: CreditLedgerRow = {
  id: 7,
  userId: "u1",
  email: "anna@example.com",
  kind: "admin_adjustment",
  reference: "adj_1",
  amount: "2.5000",
  balanceAfter: "2.5000",
  note: "Goodwill",
  createdBy: "admin@example.com",
  createdAt: "2026-03-10T12:00:00.000Z",
};
const SUMMARY = { accounts: 1, totalBalance: "2.5000", totalLedger: "2.5000", driftedAccounts: 0 };

const json = (body: unknown, status = 200) => Response.json(body, { status });

function stubApi(ledger: (url: URL) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/admin/credit-audit/accounts") return json({ accounts: [account], page: 1, pageCount: 1, summary: SUMMARY });
    if (url.pathname === "/api/admin/credit-audit/ledger") return ledger(url);
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const ledgerRequests = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://localhost")).filter((url) => url.pathname === "/api/admin/credit-audit/ledger");

const renderPage = (path = "/en/credit-audit") => renderAt(<CreditAuditPage />, { path, pattern: "/:lang/credit-audit" });

describe("CreditAuditPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the ledger's filter and page in the address, asks the server the same, and exports the same filter", async () => {
    const fetchMock = stubApi(() => json({ entries: [row], page: 1, pageCount: 3, total: 60 }));
    const { router } = renderPage("/en/credit-audit?kind=admin_adjustment&page=2&kind2=x");
    const rows = await screen.findByRole("region", { name: "Ledger rows" });
    expect(within(rows).getAllByRole("row")).toHaveLength(2);
    expect(ledgerRequests(fetchMock).at(-1)?.searchParams.toString()).toBe("kind=admin_adjustment&page=2");
    expect((screen.getByLabelText("Kind") as HTMLSelectElement).value).toBe("admin_adjustment");
    // Two lists, two named pagers.
    expect(screen.getByRole("navigation", { name: "Pages of accounts" })).toBeTruthy();
    const ledgerPager = screen.getByRole("navigation", { name: "Pages of ledger rows" });

    const search = screen.getByRole("search", { name: "Filter the ledger" });
    fireEvent.change(within(search).getByLabelText("Customer email contains"), { target: { value: " Anna@Example.com " } });
    fireEvent.click(within(search).getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toBe("?email=anna%40example.com&kind=admin_adjustment"));
    await waitFor(() => expect(ledgerRequests(fetchMock).at(-1)?.searchParams.toString()).toBe("email=anna%40example.com&kind=admin_adjustment&page=1"));
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/admin/credit-audit/ledger.csv?email=anna%40example.com&kind=admin_adjustment&lang=en");

    fireEvent.click(within(ledgerPager).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(router.state.location.search).toBe("?email=anna%40example.com&kind=admin_adjustment&page=2"));

    fireEvent.click(within(screen.getByRole("search", { name: "Filter the ledger" })).getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect((within(screen.getByRole("search", { name: "Filter the ledger" })).getByLabelText("Customer email contains") as HTMLInputElement).value).toBe("");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/admin/credit-audit/ledger.csv?lang=en");
  });

  it("tells an empty ledger apart from a filter that finds nothing, and a page past the end", async () => {
    stubApi((url) => (url.searchParams.get("page") === "9" ? json({ entries: [], page: 9, pageCount: 3, total: 60 }) : json({ entries: [], page: 1, pageCount: 1, total: 0 })));
    const { unmount } = renderPage();
    expect(await screen.findByText("The ledger has no rows yet.")).toBeTruthy();
    unmount();
    const filtered = renderPage("/en/credit-audit?reference=adj_9");
    expect(await screen.findByText("No ledger rows match these filters.")).toBeTruthy();
    filtered.unmount();
    const { router } = renderPage("/en/credit-audit?page=9");
    fireEvent.click(await screen.findByRole("button", { name: "Go to the first page" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("says the range is backwards without asking the server", async () => {
    const fetchMock = stubApi(() => json({ entries: [row], page: 1, pageCount: 1, total: 1 }));
    renderPage("/en/credit-audit?from=2026-03-10&to=2026-03-01");
    expect((await screen.findByText("The start date is after the end date.")).getAttribute("role")).toBe("alert");
    expect(ledgerRequests(fetchMock)).toEqual([]);
  });
});
