import { describe, expect, it } from "vitest";
import { toRatedCountries, type RatedCountry } from "../../lib/rates/rated-countries";
import { PUBLIC_RATES } from "../../test/rates.fixtures";
import { clampLocalDigits, countryMismatch, internationalDigits, onlyDigits, splitInternational } from "./dial-input";
import * as reader from "./number-reader";

const countries = toRatedCountries(PUBLIC_RATES);
const country = (code: string) => countries.find((entry) => entry.code === code) as RatedCountry;

describe("the phone input", () => {
  it("keeps digits only, in any script", () => {
    expect(onlyDigits("(020) 7946-0958")).toBe("02079460958");
    expect(onlyDigits("٠١٢٣")).toBe("0123");
    expect(onlyDigits("abc*#")).toBe("");
  });

  it("allows at most 15 digits minus the dial code's", () => {
    expect(clampLocalDigits("+1", "1".repeat(20))).toHaveLength(14);
    expect(clampLocalDigits("+44", "1".repeat(20))).toHaveLength(13);
    expect(clampLocalDigits("+1876", "1".repeat(20))).toHaveLength(11);
    expect(clampLocalDigits("+880", "1".repeat(20))).toHaveLength(12);
  });
});

describe("pasting a full +number", () => {
  const split = (text: string) => {
    const digits = internationalDigits(text, countries);
    return digits === null ? null : splitInternational(digits, countries, reader);
  };

  it("fills both the country and the number", () => {
    expect(split("+44 7700 900123")).toEqual({ country: country("GB"), local: "7700900123" });
    expect(split("0049 30 901820")).toEqual({ country: country("DE"), local: "30901820" });
  });

  it("tells the +1 countries apart by the number", () => {
    expect(split("+1 (876) 210-1234")?.country.code).toBe("JM");
    expect(split("+1 416 555 0123")?.country.code).toBe("CA");
    expect(split("+1 202 555 0123")?.country.code).toBe("US");
  });

  it("takes the longest calling code while the number is still incomplete", () => {
    expect(split("+1876")).toEqual({ country: country("JM"), local: "876" });
    expect(split("+44")).toEqual({ country: country("GB"), local: "" });
    expect(split("+353 1")?.country.code).toBe("IE");
  });

  it("falls back to the calling code when the phone library could not be fetched", () => {
    // Without the library "+1876…" is only a +1 number: a popular +1 country, the digits after the "1".
    expect(splitInternational("18762101234", countries, null)).toMatchObject({ country: { callingCode: "1", isPopular: true }, local: "8762101234" });
    expect(splitInternational("447700900123", countries, null)).toEqual({ country: country("GB"), local: "7700900123" });
  });

  it("leaves local digits and what is not a number alone", () => {
    expect(internationalDigits("7700 900123", countries)).toBeNull();
    expect(internationalDigits("+44 77OO", countries)).toBeNull();
    expect(internationalDigits("+", countries)).toBeNull();
    expect(internationalDigits(" +44 7700 900123", countries)).toBe("447700900123");
  });
});

describe("the country mismatch", () => {
  it("notices a number of another country with the same dial code", () => {
    expect(countryMismatch(country("US"), "4165550123", countries, reader)?.country.code).toBe("CA");
  });

  it("notices a number typed in full with another country's code", () => {
    expect(countryMismatch(country("US"), "447400123456", countries, reader)).toEqual({ country: country("GB"), local: "7400123456" });
  });

  it("is quiet when the number is the picked country's", () => {
    expect(countryMismatch(country("GB"), "7400123456", countries, reader)).toBeNull();
    expect(countryMismatch(country("US"), "2025550123", countries, reader)).toBeNull();
  });
});
