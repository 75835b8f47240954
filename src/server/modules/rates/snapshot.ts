import { countryName, getCountry } from "../../../shared/countries/countries";
import type { Money } from "../../../shared/money";
import type { DeckRow, LineKind } from "../../../shared/rates/deck";
import { deckReach } from "../../../shared/rates/deck-reach";
import { buildPrefixIndex, type PrefixIndex } from "../../../shared/rates/prefix-index";
import { FALLBACK_RATE } from "../../../shared/rates/pricing";
import type { StoredCountryRate } from "./country-rate-values";
import { shownPricesOf, type ShownPrices } from "./shown-prices";

/**
 * Everything a price question needs, held in memory and replaced whole when rates
 * change: lookups read one immutable snapshot and never query the database.
 */
export interface RatesSnapshot {
  index: PrefixIndex;
  marginBp: number;
  /** The stored country rows (admin overrides included) by ISO code. */
  countries: ReadonlyMap<string, StoredCountryRate>;
  /** The stored rows of callable countries, sorted by English name, as the lists present them. */
  sortedCountries: readonly StoredCountryRate[];
  /**
   * What every price view shows for a country: each figure is the price quoteNumber
   * charges a real number of the country (shown-prices.ts). Only callable countries.
   */
  prices: ReadonlyMap<string, ShownPrices>;
  /** The spec's client fallback: the most expensive stored customer rate, or $0.05 with no rates at all. */
  fallbackRate: Money;
  /** The carrier's names for deck codes that are not countries (ZZ satellite, AN Netherlands Antilles). */
  deckCountryNames: ReadonlyMap<string, string>;
}

export interface CountryLine {
  lineType: string;
  lineKind: LineKind;
  rate: Money;
}

export function buildSnapshot(deck: readonly DeckRow[], stored: readonly StoredCountryRate[], marginBp: number): RatesSnapshot {
  const index = buildPrefixIndex(deck);
  const countries = new Map(stored.map((row) => [row.countryCode, row]));
  const deckCountryNames = new Map<string, string>();
  for (const row of deck) if (!deckCountryNames.has(row.iso)) deckCountryNames.set(row.iso, row.country);
  const fallbackRate = stored.reduce<Money>((max, row) => Math.max(max, row.band.mostExpensive), 0) || FALLBACK_RATE;
  const prices = new Map<string, ShownPrices>();
  const snapshot: RatesSnapshot = { index, marginBp, countries, sortedCountries: [], prices, fallbackRate, deckCountryNames };

  // Prices are quoted through the snapshot itself, so they need it built first.
  const reach = deckReach(deck, index);
  for (const country of stored) {
    const shown = shownPricesOf(snapshot, country.countryCode, reach.get(country.countryCode) ?? []);
    if (shown !== null) prices.set(country.countryCode, shown);
  }
  snapshot.sortedCountries = stored
    .filter((row) => prices.has(row.countryCode))
    .sort((a, b) => a.countryName.localeCompare(b.countryName, "en") || a.countryCode.localeCompare(b.countryCode));
  return snapshot;
}

/** The English name a lookup answers with: the country's, or the carrier's for non-geographic codes. */
export function countryNameIn(snapshot: RatesSnapshot, code: string, deckCode: string): string {
  const stored = snapshot.countries.get(code);
  if (stored !== undefined) return stored.countryName;
  if (getCountry(code) !== undefined) return countryName(code, "en");
  return snapshot.deckCountryNames.get(deckCode) ?? code;
}
