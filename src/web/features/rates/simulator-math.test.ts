import { describe, expect, it } from "vitest";
import { checkBudget, checkWhole, estimateCost, estimateTalkTime, MAX_MINUTES, talkSeconds } from "./simulator-math";

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

describe("checkBudget", () => {
  const value = (text: string, locale: string) => {
    const check = checkBudget(text, locale);
    return check.ok ? check.value : check.error;
  };

  it("reads dollars as each language writes them, never 1.5 as 15", () => {
    expect(value("1.5", "en")).toBe(15_000);
    expect(value("1,5", "sv")).toBe(15_000);
    expect(value("1.5", "sv")).toBe(15_000);
    expect(value("12,50", "de")).toBe(125_000);
    expect(value("١٫٥", "ar")).toBe(15_000);
    expect(value(" $ 20 ", "en")).toBe(200_000);
  });

  it("refuses what is outside one cent to $100,000 instead of clamping it", () => {
    expect(value("-5", "en")).toBe("range");
    expect(value("0", "en")).toBe("range");
    expect(value("0.01", "en")).toBe(100);
    expect(value("100000", "en")).toBe(1_000_000_000);
    expect(value("100000.01", "en")).toBe("range");
  });

  it("calls what is not an amount invalid", () => {
    for (const text of ["", "abc", "1.234", "1e3", "1.500"]) expect([text, value(text, text === "1.500" ? "sv" : "en")]).toEqual([text, "invalid"]);
  });
});

describe("checkWhole", () => {
  it("refuses numbers outside the range instead of clamping them", () => {
    expect(checkWhole("42", "en", 59)).toEqual({ ok: true, value: 42 });
    expect(checkWhole("٤٢", "ar", 59)).toEqual({ ok: true, value: 42 });
    expect(checkWhole("75", "en", 59)).toEqual({ ok: false, error: "range" });
    expect(checkWhole("-5", "en", MAX_MINUTES)).toEqual({ ok: false, error: "range" });
    expect(checkWhole("", "en", 59)).toEqual({ ok: false, error: "invalid" });
    expect(checkWhole("1,5", "sv", 59)).toEqual({ ok: false, error: "invalid" });
  });
});
