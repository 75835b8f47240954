import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseMoney } from "../../../shared/money";
import { CountryPage } from "./country-page";
import { countryDetail, json, stubRatesApi } from "../../test/rates.fixtures";
import { renderAt } from "../../test/render-with-app";

function HomeProbe() {
  const { pathname, state } = useLocation();
  return <p data-testid="home">{`${pathname} ${JSON.stringify(state)}`}</p>;
}

function renderCountry(slug: string, lang = "en") {
  stubRatesApi((url) => {
    const match = /^\/api\/rates\/countries\/([A-Z]{2})$/.exec(url.pathname);
    if (!match?.[1]) return undefined;
    try {
      return json(countryDetail(match[1]));
    } catch {
      return json({ error: { code: "not_found", message: "No rates for this country" } }, 404);
    }
  });
  return renderAt(<CountryPage />, { path: `/${lang}/country/${slug}`, pattern: "/:lang/country/:code", extraRoutes: [{ path: "/:lang", element: <HomeProbe /> }] });
}

const usd = (rate: string) => `$${(parseMoney(rate) / 10_000).toFixed(2)}`;

describe("CountryPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows India's range, landline and mobile prices, and how to dial", async () => {
    const detail = countryDetail("IN");
    renderCountry("in");
    expect(await screen.findByRole("heading", { level: 1, name: "Call India" })).toBeTruthy();
    expect(screen.getByText(`from ${usd(detail.country.our_cheapest_rate)} to ${usd(detail.country.our_most_expensive_rate)} per minute`)).toBeTruthy();
    const landline = screen.getByRole("rowheader", { name: "Landline" }).closest("tr");
    const mobile = screen.getByRole("rowheader", { name: "Mobile" }).closest("tr");
    expect(landline?.textContent).toContain(usd(detail.country.landline_rate ?? ""));
    expect(mobile?.textContent).toContain(usd(detail.country.mobile_rate ?? ""));
    expect(screen.getByText("+91 81234 56789")).toBeTruthy();
    expect(screen.getByText("Choose India (\u2066+91\u2069) in the country list.")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Call India from ${usd(detail.country.our_cheapest_rate)}/min · Dialwise`));
  });

  it("links related popular countries, not itself", async () => {
    renderCountry("in");
    const related = await screen.findByRole("region", { name: "Popular destinations" });
    const links = [...related.querySelectorAll("a")].map((link) => link.getAttribute("href"));
    expect(links).toContain("/en/country/uk");
    expect(links).not.toContain("/en/country/in");
  });

  it("opens the home call section with the country selected", async () => {
    renderCountry("jm");
    fireEvent.click(await screen.findByRole("button", { name: "Call Jamaica now" }));
    expect((await screen.findByTestId("home")).textContent).toBe('/en {"selectedCode":"JM","scrollToCall":true}');
  });

  it("uses uk for the United Kingdom", async () => {
    const { router } = renderCountry("gb");
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/country/uk"));
    expect(await screen.findByRole("heading", { level: 1, name: "Call United Kingdom" })).toBeTruthy();
  });

  it("shows the not-found page for an unknown code", async () => {
    renderCountry("xx");
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
  });

  it("shows the not-found page when the server has no rates for a known country", async () => {
    renderCountry("cu");
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
  });

  it("keeps the dial code left to right inside Arabic text", async () => {
    renderCountry("uk", "ar");
    await screen.findByRole("heading", { level: 1 });
    // As an element: isolated, left to right.
    const code = screen.getAllByText("+44").find((element) => element.tagName === "BDI");
    expect(code?.getAttribute("dir")).toBe("ltr");
    // Inside translated sentences: wrapped in a left-to-right isolate.
    const steps = screen.getAllByRole("listitem").map((item) => item.textContent ?? "");
    expect(steps.filter((text) => text.includes("\u2066+44\u2069"))).toHaveLength(2);
    expect(steps.some((text) => /(^|[^\u2066])\+44/.test(text))).toBe(false);
  });
});
