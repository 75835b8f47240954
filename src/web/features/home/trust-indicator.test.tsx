import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, PUBLIC_RATES, stubRatesApi } from "../../test/rates.fixtures";
import { renderAt } from "../../test/render-with-app";
import { TrustIndicator } from "./trust-indicator";

describe("TrustIndicator", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("counts the countries the rates API prices, not a fixed figure", async () => {
    const some = PUBLIC_RATES.slice(0, 7);
    stubRatesApi((url) => (url.pathname === "/api/rates/countries" ? json({ countries: some }) : undefined));
    renderAt(<TrustIndicator />);
    expect(await screen.findByText("7")).toBeTruthy();
    expect(screen.getByText("countries and territories you can call")).toBeTruthy();
  });
});
