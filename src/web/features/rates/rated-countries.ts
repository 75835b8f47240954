import type { PublicCountryRate } from "../../../shared/api/rates";
import { flagEmoji, getCountry, type CountryEntry } from "../../../shared/countries/countries";
import { parseMoney, type Money } from "../../../shared/money";

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
      flag: entry?.flag ?? flagEmoji(row.country_code),
      cheapest: parseMoney(row.our_cheapest_rate),
      mostExpensive: parseMoney(row.our_most_expensive_rate),
      isPopular: row.is_popular,
    };
  });
}

/** Popular countries sorted by their name in the current language (spec), at most ten. */
export function popularCountries(countries: readonly RatedCountry[], nameOf: (code: string) => string, locale: string, limit = MAX_POPULAR): RatedCountry[] {
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  return countries
    .filter((country) => country.isPopular)
    .sort((a, b) => collator.compare(nameOf(a.code), nameOf(b.code)))
    .slice(0, limit);
}
