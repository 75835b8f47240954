import { describe, expect, it } from "vitest";
import { countryName } from "../../../shared/countries/countries";
import { LOCALES } from "../../../shared/i18n/locales";
import { POPULAR_COUNTRY_CODES } from "../../../shared/rates/popular-countries";
import { MAX_POPULAR, popularCountries, toRatedCountries } from "./rated-countries";
import { PUBLIC_RATES } from "../../test/rates.fixtures";

describe("popularCountries", () => {
  const countries = toRatedCountries(PUBLIC_RATES);

  it("shows the same ten countries in every language, sorted by their name in it", () => {
    expect(countries.filter((country) => country.isPopular)).toHaveLength(POPULAR_COUNTRY_CODES.length);
    const chosen = (locale: string) => popularCountries(countries, (code) => countryName(code, locale), locale).map((country) => country.code);
    const english = chosen("en");
    expect(english).toHaveLength(MAX_POPULAR);
    expect([...english].sort()).toEqual([...POPULAR_COUNTRY_CODES.slice(0, MAX_POPULAR)].sort());
    for (const locale of LOCALES) {
      expect([locale, [...chosen(locale)].sort()]).toEqual([locale, [...english].sort()]);
      const names = chosen(locale).map((code) => countryName(code, locale));
      expect([locale, names]).toEqual([locale, [...names].sort(new Intl.Collator(locale, { sensitivity: "base" }).compare)]);
    }
  });

  it("adds other countries an admin marked popular after the spec's, by code", () => {
    const marked = countries.map((country) => (country.code === "JM" ? { ...country, isPopular: true } : country));
    const codes = popularCountries(marked, (code) => countryName(code, "en"), "en", 13).map((country) => country.code);
    expect(codes).toContain("JM");
    expect(popularCountries(marked, (code) => countryName(code, "en"), "en").map((country) => country.code)).not.toContain("JM");
  });
});
