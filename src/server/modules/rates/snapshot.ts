import { countryName, exampleNumberDigits, getCountry } from "../../../shared/countries/countries";
import type { Money } from "../../../shared/money";
import { lineKind, type DeckRow, type LineKind } from "../../../shared/rates/deck";
import { buildPrefixIndex, type PrefixIndex } from "../../../shared/rates/prefix-index";
import { customerRate, FALLBACK_RATE } from "../../../shared/rates/pricing";
import { clampToBand, type StoredCountryRate } from "./country-rate-values";

/**
 * Everything a price question needs, held in memory and replaced whole when rates
 * change: lookups read one immutable snapshot and never query the database.
 */
export interface RatesSnapshot {
  index: PrefixIndex;
  marginBp: number;
  /** The stored country rows (admin overrides included) by ISO code. */
  countries: ReadonlyMap<string, StoredCountryRate>;
  /** The same rows sorted by English name, as the lists present them. */
  sortedCountries: readonly StoredCountryRate[];
  /** Callable line types per country with their customer rate (clamped under an override). */
  lines: ReadonlyMap<string, readonly CountryLine[]>;
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

const REFUSED_KINDS: ReadonlySet<LineKind> = new Set(["premium", "personal"]);

export function buildSnapshot(deck: readonly DeckRow[], stored: readonly StoredCountryRate[], marginBp: number): RatesSnapshot {
  const index = buildPrefixIndex(deck);
  const countries = new Map(stored.map((row) => [row.countryCode, row]));
  const sortedCountries = [...stored].sort((a, b) => a.countryName.localeCompare(b.countryName, "en") || a.countryCode.localeCompare(b.countryCode));
  const byIso = new Map<string, DeckRow[]>();
  const deckCountryNames = new Map<string, string>();
  for (const row of deck) {
    const list = byIso.get(row.iso);
    if (list === undefined) byIso.set(row.iso, [row]);
    else list.push(row);
    if (!deckCountryNames.has(row.iso)) deckCountryNames.set(row.iso, row.country);
  }
  const lines = new Map<string, CountryLine[]>();
  for (const country of stored) lines.set(country.countryCode, linesOf(country, byIso.get(country.countryCode) ?? [], index, marginBp));
  const fallbackRate = stored.reduce<Money>((max, row) => Math.max(max, row.band.mostExpensive), 0) || FALLBACK_RATE;
  return { index, marginBp, countries, sortedCountries, lines, fallbackRate, deckCountryNames };
}

/**
 * The rows a country's numbers are priced by: its own rows, plus the row its
 * numbers fall to when the deck files them under another code (Canada on the US
 * "1" row, Guernsey on the UK rows). Found the way summarizeCountryRates finds
 * them: by pricing libphonenumber's example number and, for a country without
 * rows of its own, its dial code, through the same longest-prefix index.
 */
function linesOf(country: StoredCountryRate, ownRows: readonly DeckRow[], index: PrefixIndex, marginBp: number): CountryLine[] {
  const rows = new Set<DeckRow>(ownRows);
  const example = exampleNumberDigits(country.countryCode);
  const exampleMatch = example === null ? null : index.lookup(example);
  if (exampleMatch !== null) rows.add(exampleMatch.row);
  if (ownRows.length === 0) {
    const dialMatch = index.lookup(country.dialCode.replace(/\D/g, ""));
    if (dialMatch !== null) rows.add(dialMatch.row);
  }
  const result: CountryLine[] = [];
  for (const row of rows) {
    const kind = lineKind(row.lineType, row.iso);
    if (REFUSED_KINDS.has(kind)) continue;
    const rate = customerRate(row.carrierRate, marginBp);
    result.push({ lineType: row.lineType, lineKind: kind, rate: country.manualOverride ? clampToBand(rate, country.band) : rate });
  }
  return result;
}

/** The English name a lookup answers with: the country's, or the carrier's for non-geographic codes. */
export function countryNameIn(snapshot: RatesSnapshot, code: string, deckCode: string): string {
  const stored = snapshot.countries.get(code);
  if (stored !== undefined) return stored.countryName;
  if (getCountry(code) !== undefined) return countryName(code, "en");
  return snapshot.deckCountryNames.get(deckCode) ?? code;
}
