import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SearchResults } from "../../../shared/api/search";
import { parseMoney } from "../../../shared/money";
import { json, publicRate, stubRatesApi } from "../../test/rates.fixtures";
import { renderAt } from "../../test/render-with-app";
import { SearchPage } from "./search-page";

const jamaica = { ...publicRate("JM"), name: "Jamaica", slug: "jm" };
const empty = (query: string): SearchResults => ({ query, countries: [], posts: [], faq: [] });

/** What the stubbed server answers per q; anything else finds nothing. */
const ANSWERS: Record<string, SearchResults> = {
  "1876": { ...empty("1876"), countries: [jamaica] },
  jam: { ...empty("jam"), countries: [jamaica] },
  refund: {
    query: "refund",
    countries: [],
    posts: [{ slug: "refund-guide", title: "How a refund works", excerpt: "Unused credit and your refund", language: "en" }],
    faq: [{ id: "refunds", question: "Can I get a refund?", excerpt: "Yes, unused credit is refunded." }],
  },
};

function stubSearch() {
  return stubRatesApi((url) => {
    if (url.pathname !== "/api/search") return undefined;
    const q = url.searchParams.get("q") ?? "";
    if (q.length > 100) return json({ error: { code: "search_query_too_long", message: "A search can be at most 100 characters long" } }, 400);
    return json(ANSWERS[q.trim().toLowerCase()] ?? empty(q.trim().toLowerCase()));
  });
}

const searchCalls = (mock: ReturnType<typeof stubSearch>) =>
  mock.mock.calls.map(([input]) => new URL(String(input), "http://localhost")).filter((url) => url.pathname === "/api/search").map((url) => url.search);

/** A result link by where it leads (a marked match splits the link's text into parts). */
const findLinkTo = (href: string) => waitFor(() => {
  const link = document.querySelector<HTMLAnchorElement>(`main a[href="${href}"]`);
  if (link === null) throw new Error(`no link to ${href}`);
  return link;
});

describe("SearchPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("starts with the popular countries and a link to every country, asking the search nothing", async () => {
    const mock = stubSearch();
    renderAt(<SearchPage />, { path: "/en/search" });
    expect(await screen.findByRole("heading", { level: 1, name: "Search" })).toBeTruthy();
    const popular = await screen.findByRole("link", { name: /India/ });
    expect(popular.getAttribute("href")).toBe("/en/country/in");
    expect(screen.getByRole("link", { name: /United Kingdom/ }).getAttribute("href")).toBe("/en/country/uk");
    expect(screen.getByRole("link", { name: "See all countries and their rates" }).getAttribute("href")).toBe("/en/countries");
    expect(searchCalls(mock)).toEqual([]);
  });

  it("puts what is typed in the address once typing pauses, and shows the countries found with their prices", async () => {
    const mock = stubSearch();
    const { router } = renderAt(<SearchPage />, { path: "/en/search" });
    fireEvent.change(await screen.findByLabelText("Search countries, guides and questions"), { target: { value: "1876" } });
    await waitFor(() => expect(router.state.location.search).toBe("?q=1876"));
    const link = await screen.findByRole("link", { name: /Jamaica/ });
    expect(link.getAttribute("href")).toBe("/en/country/jm");
    // Prices show in cents, rounded half up from the ten-thousandths the server sends.
    const price = (rate: string) => {
      const cents = Math.floor((parseMoney(rate) + 50) / 100);
      return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
    };
    expect(link.querySelector("img")?.getAttribute("src")).toMatch(/\/JM\.svg$/);
    expect(link.textContent).toBe(`Jamaica+1876from ${price(jamaica.our_cheapest_rate)} to ${price(jamaica.our_most_expensive_rate)} per minute`);
    expect(within(link).getByText("1876", { selector: "mark" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Countries" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Guides" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Questions and answers" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Results for “\u20681876\u2069”: 1");
    expect(searchCalls(mock)).toEqual(["?q=1876&lang=en"]);
  });

  it("shows guides and questions in their own groups, matches marked", async () => {
    stubSearch();
    renderAt(<SearchPage />, { path: "/en/search?q=refund" });
    const guide = await screen.findByRole("link", { name: /How a refund works/ });
    expect(guide.getAttribute("href")).toBe("/en/blog/refund-guide");
    expect(within(guide).getAllByText("refund", { selector: "mark" })).toHaveLength(2);
    expect(screen.getByRole("link", { name: /Can I get a refund/ }).getAttribute("href")).toBe("/en/faq#faq-refunds");
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(["Guides", "Questions and answers"]);
  });

  it("says when nothing matched and suggests the popular countries", async () => {
    stubSearch();
    renderAt(<SearchPage />, { path: "/en/search?q=zzz" });
    expect(await screen.findByText("No results for “\u2068zzz\u2069”")).toBeTruthy();
    expect(await screen.findByRole("link", { name: /India/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See all countries and their rates" })).toBeTruthy();
  });

  it("fills the box from the address and follows Back to the search before", async () => {
    stubSearch();
    const { router } = renderAt(<SearchPage />, { path: "/en/search?q=jam" });
    const box = (await screen.findByLabelText("Search countries, guides and questions")) as HTMLInputElement;
    expect(box.value).toBe("jam");
    await findLinkTo("/en/country/jm");
    fireEvent.change(box, { target: { value: "refund" } });
    await waitFor(() => expect(router.state.location.search).toBe("?q=refund"));
    await screen.findByRole("link", { name: /How a refund works/ });
    await act(() => router.navigate(-1));
    await waitFor(() => expect(box.value).toBe("jam"));
    expect((await findLinkTo("/en/country/jm")).textContent).toContain("Jamaica");
  });

  it("moves through the results with the arrow keys and back to the box", async () => {
    stubSearch();
    renderAt(<SearchPage />, { path: "/en/search?q=refund" });
    const guide = await screen.findByRole("link", { name: /How a refund works/ });
    const question = screen.getByRole("link", { name: /Can I get a refund/ });
    const box = screen.getByLabelText("Search countries, guides and questions");
    box.focus();
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(document.activeElement).toBe(guide);
    fireEvent.keyDown(guide, { key: "ArrowDown" });
    expect(document.activeElement).toBe(question);
    fireEvent.keyDown(question, { key: "ArrowUp" });
    fireEvent.keyDown(guide, { key: "ArrowUp" });
    expect(document.activeElement).toBe(box);
  });

  it("explains a search that is too long", async () => {
    stubSearch();
    renderAt(<SearchPage />, { path: `/en/search?q=${"a".repeat(101)}` });
    expect((await screen.findByRole("alert")).textContent).toBe("A search can be at most 100 characters long. Please shorten it.");
  });
});
