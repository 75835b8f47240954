import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseMoney } from "../../../shared/money";
import { CountriesPage } from "./countries-page";
import { json, PUBLIC_RATES, stubRatesApi } from "../../test/rates.fixtures";
import { renderAt } from "../../test/render-with-app";

// querySelectorAll, not getAllByRole: role queries over ~230 cards are slow in happy-dom.
const cards = () => [...screen.getByRole("list").querySelectorAll("a")];
const firstNames = (count: number) => cards().slice(0, count).map((card) => card.querySelector(".font-semibold")?.textContent);

// Every test renders all ~230 country cards, more than once when it re-sorts; on a busy machine happy-dom needs a few seconds.
describe("CountriesPage", { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists every callable country with flag, name, dial code and price range, by name", async () => {
    stubRatesApi();
    renderAt(<CountriesPage />, { path: "/en/countries" });
    await screen.findByText(`Countries: ${PUBLIC_RATES.length} of ${PUBLIC_RATES.length}`);
    expect(cards()).toHaveLength(PUBLIC_RATES.length);
    expect(firstNames(2)).toEqual(["Afghanistan", "Åland Islands"]);
    const jamaica = cards().find((card) => card.textContent?.includes("Jamaica"));
    expect(jamaica?.getAttribute("href")).toBe("/en/country/jm");
    expect(jamaica?.textContent).toMatch(/^Jamaica\+1876from \$0\.\d\d to \$0\.\d\d per minute$/);
    expect(jamaica?.querySelector("img")?.getAttribute("src")).toMatch(/\/JM\.svg$/);
    expect(document.title).toBe("Call rates by country · Dialwise");
  });

  it("sorts by price either way", async () => {
    stubRatesApi();
    renderAt(<CountriesPage />, { path: "/en/countries" });
    await screen.findByText(/^Countries:/);
    const byCheapest = [...PUBLIC_RATES].sort((a, b) => parseMoney(a.our_cheapest_rate) - parseMoney(b.our_cheapest_rate));
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "price_low" } });
    await waitFor(() => expect(cards()[0]?.textContent).toContain(byCheapest[0]?.dial_code));
    const shown = cards().map((card) => card.textContent ?? "");
    const prices = shown.map((text) => Number(/\$(\d+\.\d\d)/.exec(text)?.[1]));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "price_high" } });
    await waitFor(() => {
      const descending = cards().map((card) => Number(/\$(\d+\.\d\d)/.exec(card.textContent ?? "")?.[1]));
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
    });
  });

  it("searches by name, code and dial code", async () => {
    stubRatesApi();
    renderAt(<CountriesPage />, { path: "/en/countries" });
    await screen.findByText(/^Countries:/);
    const search = screen.getByLabelText("Search");
    fireEvent.change(search, { target: { value: "jam" } });
    await waitFor(() => expect(firstNames(5)).toEqual(["Jamaica"]));
    fireEvent.change(search, { target: { value: "+44" } });
    await waitFor(() => expect(firstNames(10)).toEqual(["United Kingdom", "Guernsey", "Isle of Man", "Jersey"]));
    fireEvent.change(search, { target: { value: "DE" } });
    await waitFor(() => expect(firstNames(1)).toEqual(["Germany"]));
    fireEvent.change(search, { target: { value: "no such place" } });
    expect(await screen.findByText("No country found.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear search" }));
    await waitFor(() => expect(cards()).toHaveLength(PUBLIC_RATES.length));
  });

  it("shows the failure and loads again on retry", async () => {
    let fail = true;
    const fetchMock = stubRatesApi((url) => (url.pathname === "/api/rates/countries" && fail ? json({ error: { code: "internal_error", message: "boom" } }, 500) : undefined));
    renderAt(<CountriesPage />, { path: "/en/countries" });
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load country rates");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText(/^Countries:/);
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === "/api/rates/countries")).toHaveLength(2);
  });
});
