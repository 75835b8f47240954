import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseMoney } from "../money";
import {
  carrierRateToDecimal,
  customerRate,
  DEFAULT_MARGIN_BP,
  FALLBACK_RATE,
  parseCarrierRate,
} from "./pricing";

describe("customerRate", () => {
  it("is carrier × 1.9 by default, exactly", () => {
    expect(DEFAULT_MARGIN_BP).toBe(9000);
    // 0.014 × 1.9 = 0.0266 (a float would say 0.026599999999999995)
    expect(customerRate(1400)).toBe(266);
    expect(customerRate(1400, 9000)).toBe(parseMoney("0.0266"));
    expect(customerRate(4700)).toBe(parseMoney("0.0893")); // 0.047 × 1.9
  });

  it("rounds half up at the 5th decimal (real deck rates)", () => {
    expect(customerRate(43050)).toBe(parseMoney("0.8180")); // JM 0.4305 × 1.9 = 0.81795
    expect(customerRate(3050)).toBe(parseMoney("0.0580")); // GB mobile 0.0305 × 1.9 = 0.05795
    expect(customerRate(207350)).toBe(parseMoney("3.9397")); // TO 2.0735 × 1.9 = 3.93965
    expect(customerRate(1000500)).toBe(parseMoney("19.0095")); // ZZ 10.005 × 1.9
    expect(customerRate(50)).toBe(10); // 0.0005 × 1.9 = 0.00095 → 0.0010
    expect(customerRate(49)).toBe(9); // 0.00049 × 1.9 = 0.000931 → 0.0009
  });

  it("applies other margins", () => {
    expect(customerRate(1400, 0)).toBe(140);
    expect(customerRate(1405, 0)).toBe(141); // 0.01405 → 0.0141 (half up)
    expect(customerRate(1400, 5000)).toBe(210);
    expect(customerRate(1400, 10_000)).toBe(280);
  });

  it("equals the exact rational rounded half up, for any rate and margin", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 100_000 }), (carrier, bp) => {
        const rate = customerRate(carrier, bp);
        // carrier × (1 + bp/1e4) in 1e-5 USD, as a rational over 1e4; Money is 1e-4 USD.
        const exact = BigInt(carrier) * BigInt(10_000 + bp); // in 1e-9 USD
        const back = BigInt(rate) * 100_000n; // rate in the same unit
        // |rate - exact| ≤ half a Money unit, and exactly half only rounds up.
        expect(back - exact <= 50_000n).toBe(true);
        expect(exact - back < 50_000n).toBe(true);
      }),
    );
  });

  it("never prices below the carrier once the margin covers rounding", () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 100_000_000 }), (carrier) => {
        expect(customerRate(carrier) * 10).toBeGreaterThanOrEqual(carrier);
      }),
    );
  });

  it("refuses negative or fractional inputs", () => {
    expect(() => customerRate(-1)).toThrow(RangeError);
    expect(() => customerRate(1.5)).toThrow(RangeError);
    expect(() => customerRate(1400, -1)).toThrow(RangeError);
    expect(() => customerRate(1400, 0.5)).toThrow(RangeError);
    expect(() => customerRate(1400, Number.NaN)).toThrow(RangeError);
  });
});

describe("constants", () => {
  it("falls back to the spec's $0.05", () => {
    expect(FALLBACK_RATE).toBe(parseMoney("0.05"));
  });
});

describe("carrier rate text", () => {
  it("parses up to 5 decimals without rounding", () => {
    expect(parseCarrierRate("0.04700")).toBe(4700);
    expect(parseCarrierRate("0.047")).toBe(4700);
    expect(parseCarrierRate("10.005")).toBe(1000500);
    expect(parseCarrierRate("2")).toBe(200000);
    expect(parseCarrierRate(" 0.5 ")).toBe(50000);
    expect(parseCarrierRate("0.1234500")).toBe(12345); // trailing zeros are not precision
  });

  it("returns null for anything else", () => {
    for (const text of ["", ".5", "1.", "-0.1", "+0.1", "0.123456", "1e-3", "abc", "0,5", "NaN", "Infinity"]) {
      expect([text, parseCarrierRate(text)]).toEqual([text, null]);
    }
  });

  it("formats with 5 decimals and round-trips", () => {
    expect(carrierRateToDecimal(4700)).toBe("0.04700");
    expect(carrierRateToDecimal(1000500)).toBe("10.00500");
    expect(carrierRateToDecimal(0)).toBe("0.00000");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (rate) => {
        expect(parseCarrierRate(carrierRateToDecimal(rate))).toBe(rate);
      }),
    );
  });
});
