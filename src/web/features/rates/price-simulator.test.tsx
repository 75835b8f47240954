import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseMoney } from "../../../shared/money";
import { PRICE_SIMULATOR_ID, PriceSimulator } from "./price-simulator";
import { publicRate, stubRatesApi } from "./rates.fixtures";
import { renderAt } from "./render-with-app";

const usd = (amount: number, decimals: 2 | 4) =>
  new Intl.NumberFormat("en", { style: "currency", currency: "USD", minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(amount / 10_000);

describe("PriceSimulator", () => {
  beforeEach(() => stubRatesApi());
  afterEach(() => vi.unstubAllGlobals());

  it("has the heading the Rates links scroll to", async () => {
    renderAt(<PriceSimulator />);
    expect((await screen.findByRole("heading", { name: "Price simulator" })).id).toBe(PRICE_SIMULATOR_ID);
  });

  it("prices a call per started minute at the country's cheapest rate, and its dearest", async () => {
    const india = publicRate("IN");
    const cheapest = parseMoney(india.our_cheapest_rate);
    const dearest = parseMoney(india.our_most_expensive_rate);
    expect(cheapest).not.toBe(dearest);
    renderAt(<PriceSimulator defaultCode="IN" />);
    await screen.findByText(/A call to India costs from/);
    fireEvent.change(screen.getByLabelText("Minutes"), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText("Seconds"), { target: { value: "5" } });
    // 10 min 5 s is 11 started minutes.
    expect(screen.getByText(`11 minutes billed × ${usd(cheapest, 4)}/min = ${usd(11 * cheapest, 4)}`)).toBeTruthy();
    expect(screen.getByText(usd(11 * cheapest, 2))).toBeTruthy();
    expect(screen.getByText(`Up to ${usd(11 * dearest, 2)} for numbers at the highest rate (${usd(dearest, 4)}/min).`)).toBeTruthy();
  });

  it("turns a budget into whole minutes of talk time", async () => {
    const india = publicRate("IN");
    const cheapest = parseMoney(india.our_cheapest_rate);
    const dearest = parseMoney(india.our_most_expensive_rate);
    renderAt(<PriceSimulator defaultCode="IN" />);
    fireEvent.click(await screen.findByRole("radio", { name: "Talk time for a budget" }));
    fireEvent.change(screen.getByLabelText("Budget (USD)"), { target: { value: "5" } });
    await waitFor(() => expect(screen.getByText(`${Math.floor(50_000 / cheapest)} minutes`)).toBeTruthy());
    expect(screen.getByText(`At least ${Math.floor(50_000 / dearest)} minutes to numbers at the highest rate (${usd(dearest, 4)}/min).`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Budget (USD)"), { target: { value: "five" } });
    expect(screen.getAllByText("Enter an amount in US dollars, with at most two decimals.").length).toBeGreaterThan(0);
  });

  it("starts with the spec's default country, the United States", async () => {
    renderAt(<PriceSimulator />);
    expect(await screen.findByText(/A call to United States of America costs from/)).toBeTruthy();
  });
});
