import type { CountryEntry } from "../countries/countries";
import type { Money } from "../money";
import { lineKind, type DeckRow, type LineKind } from "./deck";
import { deckReach, type DeckReach } from "./deck-reach";
import { POPULAR_COUNTRY_CODES } from "./popular-countries";
import { buildPrefixIndex, type PrefixIndex } from "./prefix-index";
import { customerRate, DEFAULT_MARGIN_BP } from "./pricing";

/**
 * Per-country price summaries for the public rate list, the country pages and the
 * client's fallback rate, derived from the deck rows.
 *
 * What the range covers: the advertised "from … to …" is what a customer pays to
 * call ordinary numbers of the country: landline, mobile, and "other" rows (deck
 * rows for alternative operators, regions and VoIP ranges that hold ordinary
 * subscriber numbers, e.g. Slovenia's bare 386 catch-all is named "IPKO"), plus
 * satellite. Premium and personal rows are refused, so they are never a price;
 * special-service and toll-free rows are callable but are service numbers, so
 * they stay out of the range, are listed with their own price on the country page
 * and count in maxCallableRate.
 *
 * Which rows belong to a country: exactly the rows that price at least one callable
 * number of the country, found by building real numbers and pricing them the way a
 * lookup does (deck-reach.ts). So Canada gets the US "1" Standard row its numbers are
 * priced at, Guernsey the UK rows, a Jamaican 658 number the US row the deck leaves
 * it to, and a row no valid number falls to (Mexico's old 521 mobiles) is no price.
 */

export { POPULAR_COUNTRY_CODES };

export interface RateRange {
  cheapest: Money;
  mostExpensive: Money;
}

export interface CountryRateSummary {
  code: string;
  /** As in the picker: "+44", "+1" (US, CA), "+1876" (JM). */
  dialCode: string;
  isPopular: boolean;
  /** Cheapest customer rate over the country's ordinary lines (see above). */
  cheapestRate: Money;
  /** Most expensive customer rate over the country's ordinary lines. */
  mostExpensiveRate: Money;
  /** The Standard row's rate (else the row pricing the bare dial code, else the cheapest landline row). */
  landlineRate: Money | null;
  /** The range over mobile rows, when the deck distinguishes mobiles. */
  mobileRate: RateRange | null;
  /** The dearest rate any callable number of the country can cost (special and toll-free rows included). */
  maxCallableRate: Money;
  /** Deck codes the rates come from, the country's own first: CA → ["CA", "US"], GG → ["GB"]. */
  rateSources: string[];
}

export interface CountrySummaries {
  /** One per list country that has at least one callable price, sorted by code. */
  summaries: CountryRateSummary[];
  /** List countries no deck row prices (neither their own rows nor the rows their numbers fall to). */
  unpriced: string[];
  /** Deck codes that are not list countries (e.g. AN Netherlands Antilles, ZZ satellite). */
  unlisted: string[];
}

export interface SummaryOptions {
  marginBp?: number;
  /** ISO codes marked popular; the footer's twelve by default. */
  popular?: readonly string[];
  /** An index over the same rows, if the caller has one already. */
  index?: PrefixIndex;
  /** The deck's reach (deck-reach.ts), if the caller has it already. */
  reach?: DeckReach;
}

const REFUSED: ReadonlySet<LineKind> = new Set(["premium", "personal"]);
const ORDINARY: ReadonlySet<LineKind> = new Set(["landline", "mobile", "other", "satellite"]);

interface PricedRow {
  row: DeckRow;
  kind: LineKind;
  rate: Money;
}

export function summarizeCountryRates(
  rows: readonly DeckRow[],
  countries: readonly CountryEntry[],
  options: SummaryOptions = {},
): CountrySummaries {
  const marginBp = options.marginBp ?? DEFAULT_MARGIN_BP;
  const popular = new Set((options.popular ?? POPULAR_COUNTRY_CODES).map((code) => code.toUpperCase()));
  const index = options.index ?? buildPrefixIndex(rows);
  const reach = options.reach ?? deckReach(rows, index);

  const priced = new Map<DeckRow, PricedRow>();
  const priceOf = (row: DeckRow): PricedRow => {
    let entry = priced.get(row);
    if (entry === undefined) {
      entry = { row, kind: lineKind(row.lineType, row.iso), rate: customerRate(row.carrierRate, marginBp) };
      priced.set(row, entry);
    }
    return entry;
  };
  const byIso = new Map<string, DeckRow[]>();
  for (const row of rows) {
    const list = byIso.get(row.iso);
    if (list === undefined) byIso.set(row.iso, [row]);
    else list.push(row);
  }

  const summaries: CountryRateSummary[] = [];
  const unpriced: string[] = [];
  for (const country of countries) {
    const reached = (reach.get(country.code) ?? []).map((item) => item.row);
    const summary = summarize(country, reached, index, priceOf, popular.has(country.code));
    if (summary === null) unpriced.push(country.code);
    else summaries.push(summary);
  }
  const listed = new Set(countries.map((country) => country.code));
  const unlisted = [...byIso.keys()].filter((iso) => !listed.has(iso)).sort();
  summaries.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return { summaries, unpriced: unpriced.sort(), unlisted };
}

function summarize(
  country: CountryEntry,
  reached: readonly DeckRow[],
  index: PrefixIndex,
  priceOf: (row: DeckRow) => PricedRow,
  isPopular: boolean,
): CountryRateSummary | null {
  const dialMatch = index.lookup(country.dialCode.replace(/\D/g, ""));
  const callable = reached.map(priceOf).filter((item) => !REFUSED.has(item.kind));
  if (callable.length === 0) return null;
  const ordinary = callable.filter((item) => ORDINARY.has(item.kind));
  // A country with only service rows still shows a price, taken from what it has.
  const rangeRows = ordinary.length > 0 ? ordinary : callable;
  const range = rangeOf(rangeRows);
  const mobiles = callable.filter((item) => item.kind === "mobile");

  const sources = [...new Set(callable.map((item) => item.row.iso))].sort((a, b) =>
    a === country.code ? -1 : b === country.code ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );

  return {
    code: country.code,
    dialCode: country.dialCode,
    isPopular,
    cheapestRate: range.cheapest,
    mostExpensiveRate: range.mostExpensive,
    landlineRate: landlineRateOf(country.code, callable, dialMatch),
    mobileRate: mobiles.length > 0 ? rangeOf(mobiles) : null,
    maxCallableRate: rangeOf(callable).mostExpensive,
    rateSources: sources,
  };
}

function landlineRateOf(
  code: string,
  callable: readonly PricedRow[],
  dialMatch: ReturnType<PrefixIndex["lookup"]>,
): Money | null {
  const standard = callable.find((item) => item.row.iso === code && item.row.lineType.trim().toLowerCase() === "standard");
  if (standard !== undefined) return standard.rate;
  const atDialCode = dialMatch === null ? undefined : callable.find((item) => item.row === dialMatch.row);
  if (atDialCode !== undefined && atDialCode.kind === "landline") return atDialCode.rate;
  const landlines = callable.filter((item) => item.kind === "landline");
  return landlines.length > 0 ? rangeOf(landlines).cheapest : null;
}

function rangeOf(items: readonly PricedRow[]): RateRange {
  let cheapest = Number.POSITIVE_INFINITY;
  let mostExpensive = 0;
  for (const item of items) {
    if (item.rate < cheapest) cheapest = item.rate;
    if (item.rate > mostExpensive) mostExpensive = item.rate;
  }
  return { cheapest, mostExpensive };
}

/**
 * The picker's countries: the list entries that have a price, in list order.
 * Regions no deck row prices (e.g. Cuba, Iran) are left out rather than shown
 * and refused at dial time.
 */
export function callableCountries<T extends { code: string }>(
  countries: readonly T[],
  summaries: readonly CountryRateSummary[],
): T[] {
  const priced = new Set(summaries.map((summary) => summary.code));
  return countries.filter((country) => priced.has(country.code));
}
