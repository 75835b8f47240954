import { collatorFor, searchCountries } from "../../../shared/countries/countries";
import type { RatedCountry } from "../../lib/rates/rated-countries";

export const SORTS = ["name", "price_low", "price_high"] as const;
export type CountrySort = (typeof SORTS)[number];

export interface ListOptions {
  query: string;
  sort: CountrySort;
  nameOf: (code: string) => string;
  /** The language whose country names are registered (for search). */
  namesLocale: string;
  /** The interface language (for sorting names). */
  locale: string;
}

/** The countries page's list: matches of the search (name, code or dial code), in the chosen order. */
export function listCountries(countries: readonly RatedCountry[], { query, sort, nameOf, namesLocale, locale }: ListOptions): RatedCountry[] {
  const byCode = new Map(countries.map((country) => [country.code, country]));
  const matches = query.trim() === "" ? [...countries] : searchCountries(countries, query, namesLocale).flatMap((entry) => byCode.get(entry.code) ?? []);
  const collator = collatorFor(locale);
  const names = new Map(matches.map((country) => [country.code, nameOf(country.code)]));
  const byName = (a: RatedCountry, b: RatedCountry) => collator.compare(names.get(a.code) ?? a.code, names.get(b.code) ?? b.code);
  const byPrice = (a: RatedCountry, b: RatedCountry) => a.cheapest - b.cheapest || a.mostExpensive - b.mostExpensive;
  switch (sort) {
    case "name":
      // While searching, the best matches lead ("de" puts Germany before Bangladesh); searchCountries breaks ties by name.
      return query.trim() === "" ? matches.sort(byName) : matches;
    case "price_low":
      return matches.sort((a, b) => byPrice(a, b) || byName(a, b));
    case "price_high":
      return matches.sort((a, b) => byPrice(b, a) || byName(a, b));
  }
}
