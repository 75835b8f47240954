import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { parseLocaleAmount, parseLocaleWhole, separatorsOf } from "./locale-number";

const amount = (text: string, locale: string) => {
  const result = parseLocaleAmount(text, locale);
  return result.ok ? result.value / 10_000 : result.reason;
};

describe("parseLocaleAmount", () => {
  it.each(["sv", "de", "fr", "es", "pt", "ru"])("reads the comma as the decimal point in %s, and a point where it can only be one", (locale) => {
    expect(amount("1,5", locale)).toBe(1.5);
    expect(amount("12,50", locale)).toBe(12.5);
    expect(amount("1.5", locale)).toBe(1.5);
    expect(amount("0,05", locale)).toBe(0.05);
    expect(amount(",5", locale)).toBe(0.5);
  });

  it.each(["en", "zh", "hi"])("reads the point as the decimal point in %s, and a comma where it can only be one", (locale) => {
    expect(amount("1.5", locale)).toBe(1.5);
    expect(amount("12.50", locale)).toBe(12.5);
    expect(amount("1,5", locale)).toBe(1.5);
    expect(amount("1,500", locale)).toBe(1500);
    expect(amount("1,234.56", locale)).toBe(1234.56);
  });

  it("reads thousands as each language groups them", () => {
    expect(amount("1.500", "de")).toBe(1500);
    expect(amount("1.234,56", "de")).toBe(1234.56);
    expect(amount("1.234,56", "pt")).toBe(1234.56);
    expect(amount("1 234,56", "sv")).toBe(1234.56);
    expect(amount("1\u00a0234,56", "ru")).toBe(1234.56);
    expect(amount("1\u202f234,56", "fr")).toBe(1234.56);
    expect(amount("1,00,000", "hi")).toBe(100_000);
    expect(amount("1.500", "en")).toBe(1.5);
  });

  it("does not guess when three digits follow the other language's mark", () => {
    // To a Swede "1.500" may be fifteen hundred (as in German) or one and a half (as in English).
    expect(amount("1.500", "sv")).toBe("invalid");
    expect(amount("1.500", "fr")).toBe("invalid");
    expect(amount("1,500", "de")).toBe(1.5); // the German decimal comma, with zeros
  });

  it("reads Arabic digits and separators, and Latin ones, in Arabic", () => {
    expect(amount("١٫٥", "ar")).toBe(1.5);
    expect(amount("١٢٫٥٠", "ar")).toBe(12.5);
    expect(amount("١٬٢٣٤٫٥", "ar")).toBe(1234.5);
    expect(amount("1.5", "ar")).toBe(1.5);
    expect(amount("1,5", "ar")).toBe(1.5);
    expect(amount("۱٫۵", "ar")).toBe(1.5); // Persian digits
    expect(amount("\u200f١٠ US$", "ar")).toBe(10);
  });

  it("takes Devanagari digits in Hindi and a dollar sign anywhere", () => {
    expect(amount("१.५", "hi")).toBe(1.5);
    expect(amount("$ 20", "en")).toBe(20);
    expect(amount("20 US$", "sv")).toBe(20);
  });

  it("tells a negative amount from an unreadable one", () => {
    expect(amount("-5", "en")).toBe("negative");
    expect(amount("\u22125", "sv")).toBe("negative");
    expect(amount("-0", "en")).toBe(0);
    for (const text of ["", "  ", "abc", "1.234", "1,2,3", "1e3", "1..5", "1.5.5", "12,34,5", "$", "5-"]) {
      expect([text, amount(text, "en")]).toEqual([text, "invalid"]);
    }
  });

  it("knows the separators of every interface language", () => {
    for (const locale of LOCALES) {
      const { decimal } = separatorsOf(locale);
      expect([locale, [".", ","].includes(decimal)]).toEqual([locale, true]);
    }
  });
});

describe("parseLocaleWhole", () => {
  it("reads whole numbers in any of the scripts", () => {
    expect(parseLocaleWhole("42", "en")).toEqual({ ok: true, value: 42 });
    expect(parseLocaleWhole("٤٢", "ar")).toEqual({ ok: true, value: 42 });
    expect(parseLocaleWhole("१२", "hi")).toEqual({ ok: true, value: 12 });
    expect(parseLocaleWhole("1 000", "sv")).toEqual({ ok: true, value: 1000 });
    expect(parseLocaleWhole("-3", "en")).toEqual({ ok: false, reason: "negative" });
    expect(parseLocaleWhole("1,5", "sv")).toEqual({ ok: false, reason: "invalid" });
    expect(parseLocaleWhole("", "en")).toEqual({ ok: false, reason: "invalid" });
  });
});
