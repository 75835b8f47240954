import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, stubRatesApi } from "../../test/rates.fixtures";
import { renderAt } from "../../test/render-with-app";
import { BalanceCard } from "./balance-card";

describe("BalanceCard", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the balance the header's query reads and links Buy credits to the phone page", async () => {
    const fetch = stubRatesApi((url) => (url.pathname === "/api/credits/balance" ? json({ balance: "12.3456" }) : undefined));
    renderAt(<BalanceCard />, { path: "/sv/" });
    expect(await screen.findByText("12,35 US$")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Buy credits" }).getAttribute("href")).toBe("/sv/phone");
    expect(fetch.mock.calls.filter(([input]) => String(input).includes("/api/credits/balance"))).toHaveLength(1);
  });

  it("shows a balance of zero as $0.00, not as nothing", async () => {
    stubRatesApi((url) => (url.pathname === "/api/credits/balance" ? json({ balance: "0.0000" }) : undefined));
    renderAt(<BalanceCard />);
    expect(await screen.findByText("$0.00")).toBeTruthy();
  });

  it("says so when the balance cannot be read, and never shows a made-up amount", async () => {
    stubRatesApi((url) => (url.pathname === "/api/credits/balance" ? json({ error: { code: "internal_error", message: "x" } }, 500) : undefined));
    renderAt(<BalanceCard />);
    expect(await screen.findByText("Your balance could not be loaded.")).toBeTruthy();
    expect(screen.getByTestId("home-balance").textContent).not.toMatch(/\$/);
  });
});
