import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../shared/i18n/locales";
import { formatUsd } from "../../../shared/money";
import { moneyTicks } from "./money-ticks";

/** A tick as the chart shows it (dashboard-charts.tsx: `formatUsd` of the dollars in ten-thousandths). */
const label = (dollars: number, locale: string) => formatUsd(Math.round(dollars * 10_000), locale);
const isWholeCents = (dollars: number) => Number.isInteger(Math.round(dollars * 10_000) / 100);

describe("moneyTicks", () => {
  it("gives the few-cents margins that repeated ($0.00 $0.01 $0.02 $0.02 $0.03) one tick per cent", () => {
    const ticks = moneyTicks([0.03, 0.0225, 0.0075]);
    expect(ticks).toEqual([0, 0.01, 0.02, 0.03]);
    expect(ticks.map((tick) => label(tick, "en"))).toEqual(["$0.00", "$0.01", "$0.02", "$0.03"]);
  });

  it.each([
    [[0.0275, 0.01]],
    [[0.045]],
    [[0.001, 0.0004]],
    [[0]],
    [[]],
    [[0.13, 0.07]],
    [[-0.02, 0.05]],
    [[-0.0149]],
    [[90, 12.5]],
    [[1234.5678, 2.3]],
    [[99_999.99]],
  ])("chooses distinct whole-cent ticks that cover %j", (values) => {
    const ticks = moneyTicks(values);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks.every(isWholeCents), ticks.join(" ")).toBe(true);
    expect(ticks).toEqual([...ticks].sort((a, b) => a - b));
    // From zero (or the lowest loss) to at least the largest value.
    expect(ticks[0]).toBeLessThanOrEqual(Math.min(0, ...values));
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(Math.max(0, ...values));
    expect(ticks).toContain(0);
    for (const locale of LOCALES) {
      const labels = ticks.map((tick) => label(tick, locale));
      expect(new Set(labels).size, `${locale}: ${labels.join(" ")}`).toBe(ticks.length);
    }
  });

  it("never labels zero as a negative amount", () => {
    expect(moneyTicks([-0.0001]).map((tick) => label(tick, "en"))).toEqual(["-$0.01", "$0.00"]);
    expect(Object.is(moneyTicks([0.02])[0], -0)).toBe(false);
  });

  it("steps in round amounts for larger margins", () => {
    expect(moneyTicks([90])).toEqual([0, 25, 50, 75, 100]);
    expect(moneyTicks([0.13])).toEqual([0, 0.05, 0.1, 0.15]);
  });
});
