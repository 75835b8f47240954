import type { PublicCountryRate } from "../../../shared/api/rates";
import { collatorFor, getCountry, type CountryEntry } from "../../../shared/countries/countries";
import { parseMoney, type Money } from "../../../shared/money";
import { POPULAR_COUNTRY_CODES } from "../../../shared/rates/popular-countries";

/** A callable country: the picker's entry joined with its public price range (Money, from the server's strings). */
export interface RatedCountry extends CountryEntry {
  cheapest: Money;
  mostExpensive: Money;
  isPopular: boolean;
}

/** The spec: popular chips show at most ten. */
export const MAX_POPULAR = 10;

/**
 * Joins the server's public rate rows with the country list. Only countries the
 * server prices are returned, so the picker never offers a country it would refuse.
 */
export function toRatedCountries(rows: readonly PublicCountryRate[]): RatedCountry[] {
  return rows.map((row) => {
    const entry = getCountry(row.country_code);
    return {
      code: row.country_code,
      callingCode: entry?.callingCode ?? row.dial_code.replace(/\D/g, ""),
      dialCode: row.dial_code,
      cheapest: parseMoney(row.our_cheapest_rate),
      mostExpensive: parseMoney(row.our_most_expensive_rate),
      isPopular: row.is_popular,
    };
  });
}

/**
 * At most ten popular countries, sorted by their name in the current language
 * (spec). Which ten is decided before the names are looked at, so every language
 * shows the same countries: the spec's popular list in its order first (the US,
 * the UK, India, …), then any other country an admin marked popular, by code.
 */
export function popularCountries(countries: readonly RatedCountry[], nameOf: (code: string) => string, locale: string, limit = MAX_POPULAR): RatedCountry[] {
  const rank = (code: string) => {
    const at = POPULAR_COUNTRY_CODES.indexOf(code);
    return at < 0 ? POPULAR_COUNTRY_CODES.length : at;
  };
  const collator = collatorFor(locale);
  return countries
    .filter((country) => country.isPopular)
    .sort((a, b) => rank(a.code) - rank(b.code) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .slice(0, limit)
    .sort((a, b) => collator.compare(nameOf(a.code), nameOf(b.code)));
}
