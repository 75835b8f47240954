import { describe, expect, it } from "vitest";
import { adjustmentDecimal } from "./adjustment-amount";

describe("adjustmentDecimal", () => {
  it("reads signed amounts as each language writes them", () => {
    expect(adjustmentDecimal("2.50", "en")).toBe("2.50");
    expect(adjustmentDecimal("+2.5", "en")).toBe("2.5");
    expect(adjustmentDecimal("-1,25", "sv")).toBe("-1.25");
    expect(adjustmentDecimal("−0,1234", "de")).toBe("-0.1234");
    expect(adjustmentDecimal("٢٫٥", "ar")).toBe("2.5");
    expect(adjustmentDecimal("-٣", "ar")).toBe("-3");
    expect(adjustmentDecimal(" $ 10 ", "en")).toBe("10");
    expect(adjustmentDecimal("1.5", "sv")).toBe("1.5");
  });

  it("refuses what is not an amount with at most 4 decimals", () => {
    for (const text of ["", "-", "abc", "1.23456", "1,000.50", "1.2.3", "--1", "1e3"]) expect(adjustmentDecimal(text, "en"), text).toBeNull();
    // Fifteen hundred to a German, one and a half to an American: neither is guessed.
    expect(adjustmentDecimal("1.500", "de")).toBeNull();
  });
});
