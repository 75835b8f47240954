import { describe, expect, it } from "vitest";
import { typedAmountDecimal } from "./typed-amount";

describe("typedAmountDecimal", () => {
  it("reads signed amounts as each language writes them", () => {
    expect(typedAmountDecimal("2.50", "en")).toBe("2.50");
    expect(typedAmountDecimal("+2.5", "en")).toBe("2.5");
    expect(typedAmountDecimal("-1,25", "sv")).toBe("-1.25");
    expect(typedAmountDecimal("−0,1234", "de")).toBe("-0.1234");
    expect(typedAmountDecimal("٢٫٥", "ar")).toBe("2.5");
    expect(typedAmountDecimal("-٣", "ar")).toBe("-3");
    expect(typedAmountDecimal(" $ 10 ", "en")).toBe("10");
    expect(typedAmountDecimal("1.5", "sv")).toBe("1.5");
  });

  it("refuses what is not an amount with at most 4 decimals", () => {
    for (const text of ["", "-", "abc", "1.23456", "1,000.50", "1.2.3", "--1", "1e3"]) expect(typedAmountDecimal(text, "en"), text).toBeNull();
    // Fifteen hundred to a German, one and a half to an American: neither is guessed.
    expect(typedAmountDecimal("1.500", "de")).toBeNull();
  });
});
