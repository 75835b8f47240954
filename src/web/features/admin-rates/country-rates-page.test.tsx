import userEvent from "@testing-library/user-event";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminCountryRate } from "../../../shared/api/admin-rates";
import { AppProviders, createQueryClient } from "../../app/providers";
import { CountryRatesPage } from "./country-rates-page";

const jamaica: AdminCountryRate = {
  id: 1,
  country_name: "Jamaica",
  country_code: "JM",
  dial_code: "+1876",
  our_cheapest_rate: "0.6375",
  our_most_expensive_rate: "0.8180",
  landline_rate: "0.8180",
  mobile_rate: "0.6375",
  is_popular: false,
  manual_override: false,
  last_updated: "2026-01-02T10:00:00.000Z",
  version: 3,
  charged_cheapest_rate: "0.6375",
  charged_most_expensive_rate: "0.8180",
};
const germany: AdminCountryRate = {
  ...jamaica,
  id: 2,
  country_name: "Germany",
  country_code: "DE",
  dial_code: "+49",
  our_cheapest_rate: "0.0400",
  our_most_expensive_rate: "0.5000",
  is_popular: true,
  manual_override: true,
  charged_cheapest_rate: "0.0400",
  charged_most_expensive_rate: "0.5000",
};

const json = (body: unknown, status = 200) => Response.json(body, { status });
type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

function stubApi(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.pathname === "/api/admin/rates/countries") return json({ countries: [jamaica, germany], total: 2, page: 1, pageSize: 25, marginPercentage: 90 });
    if (url.pathname === "/api/admin/rates/audit") return json({ entries: [], total: 0, page: 1, pageSize: 10 });
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderPage() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <CountryRatesPage />
    </AppProviders>,
  );
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? "GET") === method && new URL(String(input), "http://localhost").pathname === path);

describe("CountryRatesPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists countries with exact prices, where each price comes from, and the margin", async () => {
    stubApi(() => undefined);
    renderPage();
    const row = (await screen.findByText("Jamaica")).closest("tr")!;
    expect(row.textContent).toContain("$0.6375");
    expect(row.textContent).toContain("Rate deck");
    expect(screen.getByText("Germany").closest("tr")!.textContent).toContain("Manual price");
    expect(screen.getByText(/plus a 90% margin/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Export country rates" }).getAttribute("href")).toBe("/api/admin/rates/export?kind=countries");
    expect(await screen.findByText("No rate changes yet.")).toBeTruthy();
    expect(document.title).toBe("Country rates · Dialwise");
  });

  it("sorts by a column and reverses on a second press", async () => {
    const fetchMock = stubApi(() => undefined);
    renderPage();
    await screen.findByText("Jamaica");
    fireEvent.click(screen.getByRole("button", { name: "Sort by Most expensive" }));
    await waitFor(() => expect(calls(fetchMock, "GET", "/api/admin/rates/countries").some(([input]) => String(input).includes("sort=most_expensive&dir=asc"))).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Sort by Most expensive" }));
    await waitFor(() => expect(calls(fetchMock, "GET", "/api/admin/rates/countries").some(([input]) => String(input).includes("sort=most_expensive&dir=desc"))).toBe(true));
    expect(screen.getByRole("button", { name: "Sort by Most expensive" }).closest("th")?.getAttribute("aria-sort")).toBe("descending");
  });

  it("checks typed prices before sending and saves a valid band with the version read", async () => {
    const fetchMock = stubApi((url, init) =>
      init?.method === "PATCH" ? json({ country: { ...jamaica, our_cheapest_rate: "0.5000", our_most_expensive_rate: "0.6000", manual_override: true, version: 4 } }) : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit the prices of Jamaica" }));
    fireEvent.click(screen.getByRole("switch", { name: "Manual override" }));
    fireEvent.change(screen.getByLabelText("Cheapest price (USD per minute)"), { target: { value: "0.9" } });
    fireEvent.change(screen.getByLabelText("Most expensive price (USD per minute)"), { target: { value: "0.6" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The cheapest price cannot be higher than the most expensive price.");
    expect(calls(fetchMock, "PATCH", "/api/admin/rates/countries/JM")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Cheapest price (USD per minute)"), { target: { value: "0.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls(fetchMock, "PATCH", "/api/admin/rates/countries/JM")).toHaveLength(1));
    const [, init] = calls(fetchMock, "PATCH", "/api/admin/rates/countries/JM")[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ version: 3, manual_override: true, our_cheapest_rate: "0.5", our_most_expensive_rate: "0.6" });
    expect(await screen.findByText("Prices of Jamaica saved.")).toBeTruthy();
  });

  it("gives focus back to a country's Edit button when its editor is cancelled with Escape or Cancel", async () => {
    stubApi(() => undefined);
    renderPage();
    const user = userEvent.setup();
    const edit = await screen.findByRole("button", { name: "Edit the prices of Jamaica" });
    for (const close of [() => user.keyboard("{Escape}"), () => user.click(screen.getByRole("button", { name: "Cancel" }))]) {
      edit.focus();
      await user.keyboard("{Enter}");
      // In the editor, as its first control: the prices wait for Manual override.
      screen.getByRole("switch", { name: "Manual override" }).focus();
      await close();
      await waitFor(() => expect(screen.queryByRole("switch", { name: "Manual override" })).toBeNull());
      expect(document.activeElement).toBe(edit);
    }
  });

  it("tells the admin when someone else changed the country first", async () => {
    stubApi((url, init) => (init?.method === "PATCH" ? json({ error: { code: "conflict", message: "changed" } }, 409) : undefined));
    renderPage();
    await screen.findByText("Jamaica");
    fireEvent.click(screen.getByRole("switch", { name: "Show Jamaica among popular countries" }));
    expect(await screen.findByText("This was changed in the meantime. Please reload and try again.")).toBeTruthy();
  });

  it("previews an import, lists rejected lines and does not allow confirming it", async () => {
    const fetchMock = stubApi((url) =>
      url.pathname === "/api/admin/rates/import/preview"
        ? json({ deckRows: 530, countries: 234, added: [], removed: [], repriced: [{ code: "DE", name: "Germany", before: { cheapest: "0.0331", mostExpensive: "0.6650" }, after: { cheapest: "0.0380", mostExpensive: "0.6650" } }], keptOverrides: [], unchanged: 233, rejected: [{ line: 12, reason: "negative price \"-1\"" }], canCommit: false })
        : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Import rate deck" }));
    const dialog = await screen.findByRole("dialog");
    const file = new File(["iso,country,line_type,usd_per_min,destination_prefixes\n"], "deck.csv", { type: "text/csv" });
    fireEvent.change(within(dialog).getByLabelText("Rate deck CSV file"), { target: { files: [file] } });
    expect(await within(dialog).findByText("Line 12")).toBeTruthy();
    expect(within(dialog).getByText("New prices: 1")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Import 530 rows" }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls(fetchMock, "POST", "/api/admin/rates/import")).toHaveLength(0);
  });

  it("shows an error with a retry when the list cannot load", async () => {
    stubApi((url) => (url.pathname === "/api/admin/rates/countries" ? json({ error: { code: "internal_error", message: "boom" } }, 500) : undefined));
    renderPage();
    expect((await screen.findByText(/The country rates could not be loaded/)).textContent).toContain("Something went wrong on our side");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("shows what each country is charged, and an admin's band beside it", async () => {
    const nigeria: AdminCountryRate = { ...germany, id: 3, country_name: "Nigeria", country_code: "NG", dial_code: "+234", our_cheapest_rate: "0.1000", our_most_expensive_rate: "0.2000", charged_cheapest_rate: "0.2000", charged_most_expensive_rate: "0.2000" };
    stubApi((url) => (url.pathname === "/api/admin/rates/countries" ? json({ countries: [nigeria], total: 1, page: 1, pageSize: 25, marginPercentage: 90 }) : undefined));
    renderPage();
    const row = (await screen.findByText("Nigeria")).closest("tr")!;
    const cells = [...row.querySelectorAll("td")].map((cell) => cell.textContent);
    // Cheapest and most expensive are both what every Nigerian number costs: $0.20, not the band's $0.10.
    expect(cells.slice(3, 5)).toEqual(["$0.2000", "$0.2000"]);
    expect(row.textContent).toContain("Your band: $0.1000 to $0.2000");
  });

  it("names the country of each change in the history", async () => {
    stubApi((url) =>
      url.pathname === "/api/admin/rates/audit"
        ? json({
            entries: [{ id: 7, action: "country_rate.update", subjectType: "country_rate", subjectId: "JM", actor: { id: "a1", email: "boss@dialwise.example", name: "" }, before: { is_popular: false }, after: { is_popular: true }, createdAt: "2026-01-02T10:00:00.000Z" }],
            total: 1,
            page: 1,
            pageSize: 10,
          })
        : undefined,
    );
    renderPage();
    expect(await screen.findByText("Prices of Jamaica changed")).toBeTruthy();
  });

  it("asks the server to search and sort in the admin's language", async () => {
    const fetchMock = stubApi(() => undefined);
    renderPage();
    await screen.findByText("Jamaica");
    expect(calls(fetchMock, "GET", "/api/admin/rates/countries").every(([input]) => String(input).includes("lang=en"))).toBe(true);
  });

  it("lays the countries out as cards on a phone, still editable", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    const fetchMock = stubApi((url, init) => (init?.method === "PATCH" ? json({ country: { ...jamaica, is_popular: true, version: 4 } }) : undefined));
    renderPage();
    const card = (await screen.findByRole("heading", { level: 3, name: "Jamaica" })).closest("li")!;
    expect(screen.queryByRole("table")).toBeNull();
    expect(within(card).getByText("+1876").tagName).toBe("BDI");
    expect(card.textContent).toContain("$0.6375");
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "cheapest" } });
    await waitFor(() => expect(calls(fetchMock, "GET", "/api/admin/rates/countries").some(([input]) => String(input).includes("sort=cheapest&dir=asc"))).toBe(true));
    fireEvent.click(within(card).getByRole("button", { name: "Edit the prices of Jamaica" }));
    expect(within(card).getByLabelText("Cheapest price (USD per minute)")).toBeTruthy();
    fireEvent.click(within(card).getByRole("switch", { name: "Show Jamaica among popular countries" }));
    await waitFor(() => expect(calls(fetchMock, "PATCH", "/api/admin/rates/countries/JM")).toHaveLength(1));
  });
});
