import { describe, expect, it } from "vitest";
import { toRatedCountries, type RatedCountry } from "../rates/rated-countries";
import { PUBLIC_RATES } from "../rates/rates.fixtures";
import { clampLocalDigits, countryMismatch, onlyDigits, splitInternational } from "./dial-input";

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
  it("fills both the country and the number", () => {
    expect(splitInternational("+44 7700 900123", countries)).toEqual({ country: country("GB"), local: "7700900123" });
    expect(splitInternational("0049 30 901820", countries)).toEqual({ country: country("DE"), local: "30901820" });
  });

  it("tells the +1 countries apart by the number", () => {
    expect(splitInternational("+1 (876) 210-1234", countries)?.country.code).toBe("JM");
    expect(splitInternational("+1 416 555 0123", countries)?.country.code).toBe("CA");
    expect(splitInternational("+1 202 555 0123", countries)?.country.code).toBe("US");
  });

  it("leaves local digits alone", () => {
    expect(splitInternational("7700 900123", countries)).toBeNull();
  });
});

describe("the country mismatch", () => {
  it("notices a number of another country with the same dial code", () => {
    expect(countryMismatch(country("US"), "4165550123", countries)?.country.code).toBe("CA");
  });

  it("notices a number typed in full with another country's code", () => {
    expect(countryMismatch(country("US"), "447400123456", countries)).toEqual({ country: country("GB"), local: "7400123456" });
  });

  it("is quiet when the number is the picked country's", () => {
    expect(countryMismatch(country("GB"), "7400123456", countries)).toBeNull();
    expect(countryMismatch(country("US"), "2025550123", countries)).toBeNull();
  });
});
