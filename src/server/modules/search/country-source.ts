import type { CountrySearchHit } from "../../../shared/api/search";
import { countryCodeToSlug, countryName, getCountry, searchCountries, type CountryEntry } from "../../../shared/countries/countries";
import type { RatesCatalog } from "../rates/catalog";
import { presentPublicCountry } from "../rates/presenters";
import type { RatesSnapshot } from "../rates/snapshot";
import type { SearchSource } from "./search-source";

/** The country picker's entries for the callable countries of a snapshot, made once per snapshot. */
const entriesBySnapshot = new WeakMap<RatesSnapshot, CountryEntry[]>();

function callableEntries(snapshot: RatesSnapshot): CountryEntry[] {
  let entries = entriesBySnapshot.get(snapshot);
  if (entries === undefined) {
    entries = snapshot.sortedCountries
      .filter((row) => snapshot.prices.has(row.countryCode))
      .map((row) => {
        const entry = getCountry(row.countryCode);
        return entry ?? { code: row.countryCode, callingCode: row.dialCode.replace(/\D/g, ""), dialCode: row.dialCode };
      });
    entriesBySnapshot.set(snapshot, entries);
  }
  return entries;
}

/**
 * Countries we call, found the way the country picker finds them (searchCountries: the name in the
 * language and in English, the ISO code, the dial code), each with the price range the countries page
 * lists, presented by the same presenter from the same snapshot.
 */
export function countrySearchSource(catalog: RatesCatalog): SearchSource<"countries"> {
  return {
    group: "countries",
    async search(query, lang, limit) {
      const snapshot = catalog.current();
      const hits: CountrySearchHit[] = [];
      for (const entry of searchCountries(callableEntries(snapshot), query.digits ?? query.text, lang).slice(0, limit)) {
        const row = snapshot.countries.get(entry.code);
        const prices = snapshot.prices.get(entry.code);
        if (row === undefined || prices === undefined) continue;
        hits.push({ ...presentPublicCountry(row, prices), name: countryName(entry.code, lang), slug: countryCodeToSlug(entry.code) });
      }
      return hits;
    },
  };
}
