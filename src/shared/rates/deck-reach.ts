import { COUNTRIES } from "../countries/countries";
import { checkDialable } from "../phone/number-check";
import { patternStarts, regionCallingCode, regionNumberPatterns, walkNumberPattern } from "../phone/number-patterns";
import { lineKind, type DeckRow } from "./deck";
import { buildPrefixIndex, type PrefixIndex } from "./prefix-index";

/**
 * Which deck rows really price the numbers of each country, each shown by one real
 * number.
 *
 * A country's advertised prices must be prices its numbers are charged, so they are
 * not read off the rows that carry its code: a row can price another region's numbers
 * (Canada's numbers fall to the US "1" row, Guernsey's to UK rows), and a row can
 * price no valid number at all (Mexico's old "521" mobile range). Instead, for every
 * deck prefix and every region whose calling code it shares, numbers are built from
 * libphonenumber's own patterns of that region (fixed line, mobile, toll free, …),
 * starting with the prefix and avoiding every longer deck prefix, and each is put
 * through checkDialable, the same check and price the lookup and the call gate use.
 * A row is reached by a country when such a number is callable, belongs to that
 * country and is priced by that row. Rows that are refused (premium, personal) are
 * never reached.
 *
 * It depends on the deck alone (not on the margin or an admin's band), so the result
 * is remembered for the last deck seen.
 */
export interface ReachedRow {
  row: DeckRow;
  /** E.164 digits of a callable number of the country that this row prices. */
  number: string;
}

/** Reached rows per country (ISO code), in deck order. Countries no row reaches are absent. */
export type DeckReach = ReadonlyMap<string, readonly ReachedRow[]>;

const MAX_E164_DIGITS = 15;
// Digits written per pattern walk (a finished number costs more: see walkNumberPattern).
const WALK_BUDGET = 600;
const WALK_VARIANTS = 4;
// Numbers of other regions one walk may meet before it gives way to the next digit order.
const MAX_STRANGERS = 2;
// How many leading national digits the quick test of a pattern looks at.
const START_DIGITS = 3;

/** Works out the deck's reach (see above). `index` must be built from the same rows. */
export function findDeckReach(rows: readonly DeckRow[], index: PrefixIndex = buildPrefixIndex(rows)): DeckReach {
  const allPrefixes = new Set<string>();
  for (const row of rows) for (const prefix of row.prefixes) allPrefixes.add(prefix);

  const found = new Map<string, Map<DeckRow, string>>();
  const record = (country: string, row: DeckRow, number: string) => {
    let rowsOf = found.get(country);
    if (rowsOf === undefined) found.set(country, (rowsOf = new Map()));
    if (!rowsOf.has(row)) rowsOf.set(row, number);
  };

  // Each pattern with the first digits its numbers can have, so a prefix rules most patterns out at once.
  const patternsOf = new Map<string, { tree: ReturnType<typeof regionNumberPatterns>[number]; starts: ReadonlySet<string> }[]>();
  const canStartWith = (starts: ReadonlySet<string>, forced: string) => {
    if (forced.length >= START_DIGITS) return starts.has(forced.slice(0, START_DIGITS));
    for (const start of starts) if (start.startsWith(forced)) return true;
    return false;
  };

  const regionsByCallingCode = new Map<string, string[]>();
  for (const country of COUNTRIES) {
    const callingCode = regionCallingCode(country.code);
    if (callingCode === null) continue;
    const list = regionsByCallingCode.get(callingCode) ?? [];
    list.push(country.code);
    regionsByCallingCode.set(callingCode, list);
    patternsOf.set(
      country.code,
      regionNumberPatterns(country.code).map((tree) => ({ tree, starts: patternStarts(tree, START_DIGITS) })),
    );
  }

  for (const row of rows) {
    const kind = lineKind(row.lineType, row.iso);
    if (kind === "premium" || kind === "personal") continue;
    for (const prefix of row.prefixes) {
      for (const [callingCode, regions] of regionsByCallingCode) {
        if (!prefix.startsWith(callingCode) && !callingCode.startsWith(prefix)) continue;
        // The national digits the number must start with ("20" for 4420; none for the US "1").
        const forced = prefix.length > callingCode.length ? prefix.slice(callingCode.length) : "";
        for (const region of regions) {
          // The region already has a number on this row (under another of its prefixes): same price, nothing to learn.
          if (found.get(region)?.has(row) === true) continue;
          // One callable number of the region under this prefix is enough: every number the
          // prefix prices costs the same, so the other number types would only repeat it.
          let reached = false;
          for (const { tree: pattern, starts } of patternsOf.get(region) ?? []) {
            if (reached) break;
            if (!canStartWith(starts, forced)) continue;
            // Regions sharing a calling code overlap (a Saint-Barthélemy pattern also builds
            // Guadeloupe numbers), so a walk that only met other regions' numbers is tried
            // again in other digit orders.
            let elsewhere = false;
            for (let variant = 0; variant < WALK_VARIANTS; variant += 1) {
              let strangers = 0;
              walkNumberPattern(pattern, {
                budget: WALK_BUDGET,
                variant,
              allow: (digit, written) => {
                const position = written.length;
                if (callingCode.length + position + 1 > MAX_E164_DIGITS) return false;
                if (position < forced.length) return digit === forced[position];
                // Past the prefix: never complete a longer deck prefix, which would price the number instead.
                return callingCode.length + position + 1 <= prefix.length || !allPrefixes.has(callingCode + written + digit);
              },
              accept: (national) => {
                if (national.length < forced.length) return false;
                const check = checkDialable(`+${callingCode}${national}`, index);
                // A refused or invalid number ends the walk: the next ones differ only in their last digits.
                if (!check.ok || check.prefix !== prefix) return true;
                // The row that priced the number: the walked one, or the region's own when the walked row is a
                // neighbour's that the region's coverage gap does not fall to (PrefixIndex.coverageGapRow).
                const pricedBy = check.rateCountryCode === row.iso && check.lineType === row.lineType ? row : (index.coverageGapRow(check.countryCode) ?? row);
                record(check.countryCode, pricedBy, check.digits);
                if (check.countryCode === region) {
                  reached = true;
                  return true;
                }
                elsewhere = true;
                // Numbers that differ only in their last digits belong where these did: try another order instead.
                strangers += 1;
                return strangers >= MAX_STRANGERS;
              },
              });
              if (reached || !elsewhere) break;
            }
          }
        }
      }
    }
  }

  const reach = new Map<string, ReachedRow[]>();
  const order = new Map(rows.map((row, position) => [row, position]));
  for (const [country, rowsOf] of found) {
    const list = [...rowsOf].map(([row, number]) => ({ row, number }));
    list.sort((a, b) => (order.get(a.row) ?? 0) - (order.get(b.row) ?? 0));
    reach.set(country, list);
  }
  return reach;
}

let remembered: { fingerprint: string; reach: ReadonlyMap<string, readonly { at: number; number: string }[]> } | null = null;

/**
 * findDeckReach, remembered for the last deck: the snapshot is rebuilt on every rates
 * change (an admin's band, the margin), while the deck itself changes only on import.
 * Decks are compared by content, and the answer refers to the rows passed in.
 */
export function deckReach(rows: readonly DeckRow[], index?: PrefixIndex): DeckReach {
  const fingerprint = JSON.stringify(rows.map((row) => [row.iso, row.lineType, row.carrierRate, row.prefixes]));
  if (remembered?.fingerprint !== fingerprint) {
    const position = new Map(rows.map((row, at) => [row, at]));
    const found = findDeckReach(rows, index);
    remembered = {
      fingerprint,
      reach: new Map([...found].map(([country, list]) => [country, list.map((item) => ({ at: position.get(item.row) ?? -1, number: item.number }))])),
    };
  }
  const reach = new Map<string, ReachedRow[]>();
  for (const [country, list] of remembered.reach) {
    reach.set(country, list.flatMap(({ at, number }) => (rows[at] === undefined ? [] : [{ row: rows[at], number }])));
  }
  return reach;
}
