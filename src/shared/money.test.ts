import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUsd, moneyToDecimal, moneyToFixed, parseMoney } from "./money";

describe("money", () => {
  it("parses decimal strings exactly", () => {
    expect(parseMoney("12.5")).toBe(125_000);
    expect(parseMoney("0.0266")).toBe(266);
    expect(parseMoney("-1")).toBe(-10_000);
    expect(parseMoney("3.10000")).toBe(31_000);
  });

  it("refuses what it cannot hold exactly", () => {
    expect(() => parseMoney("0.00001")).toThrow(/4 decimals/);
    expect(() => parseMoney("1e3")).toThrow(/decimal/);
    expect(() => parseMoney("")).toThrow();
  });

  it("round-trips through the database's numeric(14,4) text", () => {
    fc.assert(
      fc.property(fc.integer({ min: -9_999_999_999_999, max: 9_999_999_999_999 }), (amount) => {
        expect(parseMoney(moneyToDecimal(amount))).toBe(amount);
      }),
    );
  });

  it("rounds half away from zero for display", () => {
    expect(moneyToFixed(266, 2)).toBe("0.03");
    expect(moneyToFixed(250, 2)).toBe("0.03");
    expect(moneyToFixed(249, 2)).toBe("0.02");
    expect(moneyToFixed(12_345, 3)).toBe("1.235");
    expect(moneyToFixed(-250, 2)).toBe("-0.03");
    expect(moneyToFixed(125_000, 0)).toBe("13");
  });

  it("formats for people in their language", () => {
    expect(formatUsd(266, "en", 4)).toBe("$0.0266");
    expect(formatUsd(12_345, "en", 2)).toBe("$1.23");
    expect(formatUsd(12_345, "de", 2)).toMatch(/1,23\s?\$/);
  });

  it("keeps US$ together in right-to-left Arabic", () => {
    const arabic = formatUsd(770, "ar", 2);
    expect(arabic).toContain("US$\u200e");
    expect(arabic.replace(/[\u200e\u200f]/g, "")).toBe("0.08\u00a0US$");
    expect(formatUsd(770, "en", 2)).not.toContain("\u200e");
  });

  it("lays a negative Arabic amount out as its positive, the minus isolated with the number", () => {
    // Left to right "-2.50 US$" put the currency on the other side of the number from "US$ 2.50" in right-to-left text.
    expect(formatUsd(-25_000, "ar", 2)).toBe(formatUsd(25_000, "ar", 2).replace("2.50", "\u2066-2.50\u2069"));
    expect(formatUsd(-25_000, "en", 2)).toBe("-$2.50");
  });
});
