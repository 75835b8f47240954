import { describe, expect, it } from "vitest";
import { composeDialInput, maxLocalDigits, normalizeDialInput } from "./dial-digits";

describe("normalizeDialInput", () => {
  it("accepts the usual ways of writing an international number", () => {
    for (const input of [
      "+44 7106 123456",
      "0044 7106 123456",
      "+44-7106-123456",
      "+44 (7106) 123.456",
      "447106123456",
      " +44\u00a07106\u2011123456 ",
      "＋４４７１０６１２３４５６", // full-width
      "+٤٤٧١٠٦١٢٣٤٥٦", // Arabic-Indic digits
      "+४४७१०६१२३४५६", // Devanagari digits
    ]) {
      expect([input, normalizeDialInput(input)]).toEqual([input, "447106123456"]);
    }
    expect(normalizeDialInput("+1 (876) 210-1234")).toBe("18762101234");
  });

  it("refuses what is not an international number", () => {
    for (const input of ["", "+", "00", "abc", "+44 7106 12345a", "*123#", "07106 123456", "+0044123", "1-800-FLOWERS", "+44+7106", "1234567890123456", "x".repeat(100)]) {
      expect([input, normalizeDialInput(input)]).toEqual([input, null]);
    }
  });
});

describe("phone input helpers", () => {
  it("limits local digits to 15 minus the dial code, at least 1", () => {
    expect(maxLocalDigits("+1")).toBe(14);
    expect(maxLocalDigits("+44")).toBe(13);
    expect(maxLocalDigits("+1876")).toBe(11);
    expect(maxLocalDigits("+123456789012345")).toBe(1);
  });

  it("composes the picked dial code and the typed digits", () => {
    expect(composeDialInput("+1876", "555-1234")).toBe("+18765551234");
    expect(composeDialInput("+44", "7106 123456")).toBe("+447106123456");
    expect(composeDialInput("+1876", "1234567890123456")).toBe("+187612345678901");
    expect(composeDialInput("+44", "٧١٠٦١٢٣٤٥٦")).toBe("+447106123456");
  });
});
