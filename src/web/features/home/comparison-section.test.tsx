import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, PUBLIC_RATES, stubRatesApi } from "../../test/rates.fixtures";
import { renderAt } from "../../test/render-with-app";
import { ComparisonSection } from "./comparison-section";
import type { OutsideSource } from "./outside-rates";

const sources = vi.hoisted(() => ({ list: [] as OutsideSource[] }));
vi.mock("./outside-rates", () => ({
  get OUTSIDE_SOURCES() {
    return sources.list;
  },
}));

/** The rates API with India's prices changed, so only figures read from the API can match. */
function stubWithIndia(cheapest: string, dearest: string) {
  const countries = PUBLIC_RATES.map((row) => (row.country_code === "IN" ? { ...row, our_cheapest_rate: cheapest, our_most_expensive_rate: dearest } : row));
  return stubRatesApi((url) => (url.pathname === "/api/rates/countries" ? json({ countries }) : undefined));
}

describe("ComparisonSection", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sources.list = [];
  });

  it("shows our price per minute and a 10-minute call from the rates API", async () => {
    stubWithIndia("0.0812", "0.0933");
    renderAt(<ComparisonSection />);
    const row = (await screen.findByRole("rowheader", { name: "India" })).closest("tr")!;
    expect(within(row).getByText("from $0.08 to $0.09 per minute")).toBeTruthy();
    expect(within(row).getByText("from \u2068$0.81\u2069")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "India" }).getAttribute("href")).toBe("/en/country/in");
    // Without a published outside figure there is no column for one.
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Destination", "Dialwise per minute", "A 10-minute call"]);
  });

  it("names each outside source, links to it and dates it, beside its figure", async () => {
    stubWithIndia("0.0812", "0.0933");
    sources.list = [{ id: "carrier", publisher: "Some Carrier", url: "https://example.com/rates", published: { year: 2026, month: 10 }, perMinute: { IN: "1.25" } }];
    renderAt(<ComparisonSection />);
    const row = (await screen.findByRole("rowheader", { name: "India" })).closest("tr")!;
    expect(within(row).getByText("\u2068$1.25\u2069 per minute")).toBeTruthy();
    const pakistan = screen.getByRole("rowheader", { name: "Pakistan" }).closest("tr")!;
    expect(within(pakistan).getByText("no published price")).toBeTruthy();
    const header = screen.getAllByRole("columnheader")[3]!;
    expect(header.textContent).toContain("Some Carrier");
    const link = within(header).getByRole("link", { name: "as published, October 2026" });
    expect(link.getAttribute("href")).toBe("https://example.com/rates");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });
});
