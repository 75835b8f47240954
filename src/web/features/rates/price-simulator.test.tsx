import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseMoney } from "../../../shared/money";
import { PRICE_SIMULATOR_ID, PriceSimulator } from "./price-simulator";
import { publicRate, stubRatesApi } from "../../test/rates.fixtures";
import { renderAt } from "../../test/render-with-app";

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
    // One message, under the field, with an example in the reader's own format; the result panel does not repeat it.
    expect(screen.getAllByText("Enter an amount in US dollars, for example 12.50.")).toHaveLength(1);
    expect(screen.getByLabelText("Budget (USD)").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("reads 1.5 dollars as one and a half in English, not fifteen", async () => {
    const cheapest = parseMoney(publicRate("IN").our_cheapest_rate);
    renderAt(<PriceSimulator defaultCode="IN" />);
    fireEvent.click(await screen.findByRole("radio", { name: "Talk time for a budget" }));
    fireEvent.change(screen.getByLabelText("Budget (USD)"), { target: { value: "1.5" } });
    expect(await screen.findByText(`${Math.floor(15_000 / cheapest)} minutes`)).toBeTruthy();
  });

  it.each([
    ["sv", "1,5"],
    ["de", "1,5"],
    ["fr", "1,5"],
    ["es", "1,5"],
    ["pt", "1,5"],
    ["ru", "1,5"],
    ["zh", "1.5"],
    ["hi", "1.5"],
    ["ar", "١٫٥"],
  ])("reads a budget typed the %s way (%s) as one and a half dollars", async (locale, typed) => {
    const cheapest = parseMoney(publicRate("IN").our_cheapest_rate);
    renderAt(<PriceSimulator defaultCode="IN" />, { path: `/${locale}/test` });
    fireEvent.click(await screen.findByRole("radio", { name: "Talk time for a budget" }));
    fireEvent.change(screen.getByLabelText("Budget (USD)"), { target: { value: typed } });
    const minutes = new Intl.NumberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "long" }).format(Math.floor(15_000 / cheapest));
    expect(await screen.findByText(minutes)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("refuses a negative budget and one above the limit with the range, instead of clamping", async () => {
    renderAt(<PriceSimulator defaultCode="IN" />);
    fireEvent.click(await screen.findByRole("radio", { name: "Talk time for a budget" }));
    for (const typed of ["-5", "0", "250000"]) {
      fireEvent.change(screen.getByLabelText("Budget (USD)"), { target: { value: typed } });
      // Each amount is isolated, so Arabic cannot pull its currency sign across the sentence.
      expect([typed, screen.getByRole("alert").textContent]).toEqual([typed, "Enter an amount from \u2068$0.01\u2069 to \u2068$100,000.00\u2069."]);
      expect(screen.queryByText(/minutes$/)).toBeNull();
    }
  });

  it("refuses seconds past 59 and negative minutes instead of clamping them", async () => {
    renderAt(<PriceSimulator defaultCode="IN" />);
    await screen.findByText(/A call to India costs from/);
    fireEvent.change(screen.getByLabelText("Seconds"), { target: { value: "75" } });
    expect(screen.getByRole("alert").textContent).toBe("Enter whole seconds from 0 to 59.");
    expect(screen.queryByText(/A call to India costs from/)).toBeNull();
    fireEvent.change(screen.getByLabelText("Seconds"), { target: { value: "5" } });
    fireEvent.change(screen.getByLabelText("Minutes"), { target: { value: "-3" } });
    expect(screen.getByRole("alert").textContent).toBe("Enter whole minutes from 0 to 9,999.");
    // "1.5" minutes is not fifteen minutes.
    fireEvent.change(screen.getByLabelText("Minutes"), { target: { value: "1.5" } });
    expect(screen.getByRole("alert").textContent).toBe("Enter whole minutes from 0 to 9,999.");
    expect(screen.queryByText(/15 minutes billed/)).toBeNull();
  });

  it("starts with the spec's default country, the United States", async () => {
    renderAt(<PriceSimulator />);
    expect(await screen.findByText(/A call to United States costs from/)).toBeTruthy();
  });
});
