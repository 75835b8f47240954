import type { AdminRateSort } from "../../../shared/api/admin-rates";
import { countryName, getCountry, searchCountries, type CountryEntry } from "../../../shared/countries/countries";
import type { Money } from "../../../shared/money";
import type { Executor } from "../../db/client";
import type { StoredCountryRate } from "./country-rate-values";
import { loadCountryRates } from "./country-rate-store";
import type { ShownPrices } from "./shown-prices";

export interface CountryRateQuery {
  q?: string | undefined;
  sort: AdminRateSort;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
  /** The admin's language: names are searched and sorted as the admin reads them. */
  lang?: string | undefined;
}

/**
 * The admin table's rows. A country table is a few hundred rows, so it is searched,
 * sorted and paged in memory, which lets the search be the picker's own
 * (searchCountries: the name in the admin's language or English, the ISO code, and
 * the dial code from its start, so "+44" and "44" find +44 and never +244 or +1441)
 * and the order follow the names and prices the admin sees: price columns sort by
 * what is charged (the band when nothing is).
 */
export async function listCountryRates(
  db: Pick<Executor, "select">,
  query: CountryRateQuery,
  prices: ReadonlyMap<string, ShownPrices>,
): Promise<{ rows: StoredCountryRate[]; total: number }> {
  const lang = query.lang ?? "en";
  let rows = await loadCountryRates(db);
  const text = query.q?.trim() ?? "";
  if (text !== "") {
    const entries = rows.flatMap((row): CountryEntry[] => {
      const entry = getCountry(row.countryCode);
      return entry === undefined ? [] : [entry];
    });
    const found = new Set(searchCountries(entries, text, lang).map((entry) => entry.code));
    rows = rows.filter((row) => found.has(row.countryCode));
  }
  const collator = new Intl.Collator(lang, { sensitivity: "base" });
  const charged = (row: StoredCountryRate, end: "cheapest" | "mostExpensive"): Money => prices.get(row.countryCode)?.[end] ?? row.band[end];
  const compare: Record<AdminRateSort, (a: StoredCountryRate, b: StoredCountryRate) => number> = {
    name: (a, b) => collator.compare(countryName(a.countryCode, lang), countryName(b.countryCode, lang)),
    code: (a, b) => (a.countryCode < b.countryCode ? -1 : a.countryCode > b.countryCode ? 1 : 0),
    cheapest: (a, b) => charged(a, "cheapest") - charged(b, "cheapest"),
    most_expensive: (a, b) => charged(a, "mostExpensive") - charged(b, "mostExpensive"),
    last_updated: (a, b) => a.lastUpdated.getTime() - b.lastUpdated.getTime(),
  };
  const sign = query.dir === "asc" ? 1 : -1;
  // The code breaks ties (always ascending) so paging is stable when many prices are equal.
  rows.sort((a, b) => sign * compare[query.sort](a, b) || compare.code(a, b));
  const start = (query.page - 1) * query.pageSize;
  return { rows: rows.slice(start, start + query.pageSize), total: rows.length };
}
