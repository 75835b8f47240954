import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMERGENCY_CODES, EMERGENCY_MESSAGE_KEY, isEmergencyNumber } from "./emergency";

describe("isEmergencyNumber", () => {
  it("blocks the spec's codes on their own", () => {
    for (const code of ["911", "112", "999", "000", "933", "988", "110", "119", "118", "117", "115", "113", "102", "101", "08", "061", "066", "065"]) {
      expect([code, isEmergencyNumber(code)]).toEqual([code, true]);
    }
  });

  it("blocks every three-digit code 100-199", () => {
    for (let code = 100; code <= 199; code += 1) {
      expect(EMERGENCY_CODES.has(String(code))).toBe(true);
      expect(isEmergencyNumber(String(code))).toBe(true);
    }
  });

  it("blocks a code behind a country code of up to three digits", () => {
    expect(isEmergencyNumber("1911")).toBe(true); // +1 911
    expect(isEmergencyNumber("44999")).toBe(true); // +44 999
    expect(isEmergencyNumber("+44 999")).toBe(true); // formatting is ignored
    expect(isEmergencyNumber("880999")).toBe(true); // +880 999 (Bangladesh)
    expect(isEmergencyNumber("61000")).toBe(true); // +61 000
    expect(isEmergencyNumber("3315")).toBe(true); // +33 15 (SAMU)
    expect(isEmergencyNumber("49116117")).toBe(true); // +49 116 117
    expect(isEmergencyNumber("2710111")).toBe(true); // +27 10111
  });

  it("does not block ordinary numbers that merely end in a code", () => {
    expect(isEmergencyNumber("12125550911")).toBe(false);
    expect(isEmergencyNumber("442079460999")).toBe(false);
    expect(isEmergencyNumber("8801711000112")).toBe(false);
    expect(isEmergencyNumber("1234911")).toBe(false); // 7 digits > 3 + 3
    expect(isEmergencyNumber("")).toBe(false);
    expect(isEmergencyNumber("12")).toBe(false);
    expect(isEmergencyNumber("5")).toBe(false);
  });

  it("blocks any listed code with 0-3 digits in front, and never more than code length + 3 digits", () => {
    const codes = [...EMERGENCY_CODES];
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.stringMatching(/^\d{0,3}$/), (code, before) => {
        expect(isEmergencyNumber(before + code)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    const longest = Math.max(...codes.map((code) => code.length));
    fc.assert(
      fc.property(fc.stringMatching(new RegExp(`^\\d{${longest + 4},15}$`)), (digits) => {
        expect(isEmergencyNumber(digits)).toBe(false);
      }),
    );
  });

  it("uses the spec's message key", () => {
    expect(EMERGENCY_MESSAGE_KEY).toBe("emergency_blocked");
  });
});
