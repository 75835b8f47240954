import { describe, expect, it } from "vitest";
import { estimateCost, estimateTalkTime, parseBudget, parseWhole, talkSeconds } from "./simulator-math";

// India: $0.0770 (mobile) to $0.0944 (landline) per minute, as Money (1 = $0.0001).
const INDIA = { cheapest: 770, mostExpensive: 944 };

describe("estimateCost", () => {
  it("bills every started minute in full", () => {
    expect(estimateCost(talkSeconds(1, 0), INDIA)).toEqual({ billedMinutes: 1, cheapestCost: 770, mostExpensiveCost: 944 });
    expect(estimateCost(talkSeconds(1, 1), INDIA)).toEqual({ billedMinutes: 2, cheapestCost: 1540, mostExpensiveCost: 1888 });
    expect(estimateCost(talkSeconds(10, 59), INDIA).billedMinutes).toBe(11);
    expect(estimateCost(1, INDIA).billedMinutes).toBe(1);
  });

  it("charges nothing for no talk time", () => {
    expect(estimateCost(0, INDIA)).toEqual({ billedMinutes: 0, cheapestCost: 0, mostExpensiveCost: 0 });
  });

  it("stays exact in ten-thousandths of a dollar", () => {
    // 0.0266 × 3 = 0.0798 exactly; floats would give 0.07980000000000001.
    expect(estimateCost(talkSeconds(2, 30), { cheapest: 266, mostExpensive: 266 }).cheapestCost).toBe(798);
  });
});

describe("estimateTalkTime", () => {
  it("gives the whole minutes a budget pays for", () => {
    // $10 at $0.0770 → 129.87… → 129 minutes; at $0.0944 → 105.9… → 105.
    expect(estimateTalkTime(100_000, INDIA)).toEqual({ atCheapest: 129, atMostExpensive: 105 });
    // Exactly one minute's money buys one minute; a cent less buys none.
    expect(estimateTalkTime(770, INDIA).atCheapest).toBe(1);
    expect(estimateTalkTime(769, INDIA).atCheapest).toBe(0);
    expect(estimateTalkTime(0, INDIA)).toEqual({ atCheapest: 0, atMostExpensive: 0 });
  });

  it("never buys more than the budget covers when billed", () => {
    for (const budget of [1, 99, 770, 12_345, 100_000, 999_999]) {
      const { atCheapest } = estimateTalkTime(budget, INDIA);
      expect(estimateCost(talkSeconds(atCheapest, 0), INDIA).cheapestCost).toBeLessThanOrEqual(budget);
      expect(estimateCost(talkSeconds(atCheapest + 1, 0), INDIA).cheapestCost).toBeGreaterThan(budget);
    }
  });
});

describe("parseBudget", () => {
  it("reads dollars with a point or a comma and at most two decimals", () => {
    expect(parseBudget("10")).toBe(100_000);
    expect(parseBudget("12.5")).toBe(125_000);
    expect(parseBudget("12,50")).toBe(125_000);
    expect(parseBudget(" $ 20 ")).toBe(200_000);
    expect(parseBudget("7.")).toBe(70_000);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "abc", "-5", "1.234", "1e3", "100001"]) expect([text, parseBudget(text)]).toEqual([text, null]);
  });
});

describe("parseWhole", () => {
  it("clamps to the range and treats junk as zero", () => {
    expect(parseWhole("42", 59)).toBe(42);
    expect(parseWhole("75", 59)).toBe(59);
    expect(parseWhole("", 59)).toBe(0);
    expect(parseWhole("x", 59)).toBe(0);
  });
});
