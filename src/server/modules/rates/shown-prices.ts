import type { Money } from "../../../shared/money";
import type { ReachedRow } from "../../../shared/rates/deck-reach";
import type { LineKind } from "../../../shared/rates/deck";
import { quoteNumber } from "./quote";
import type { CountryLine, RatesSnapshot } from "./snapshot";

/**
 * What every screen shows for a country, and where each figure comes from: every
 * price here is quoteNumber's answer for a real number of the country (one per deck
 * row its numbers reach, deck-reach.ts), the very function a lookup, the call gate
 * and billing charge by. An admin's band therefore shows as it charges: a band of
 * $0.40-$0.60 over a deck whose numbers all cost more than $0.60 shows "$0.60",
 * because that is what every number costs.
 */
export interface ShownPrices {
  /** The cheapest and dearest ordinary number (landline, mobile, other, satellite); every callable one when there are none. */
  cheapest: Money;
  mostExpensive: Money;
  /** The country's Standard landline row (else the row of its bare dial code, else the cheapest landline). */
  landline: Money | null;
  /** The dearest mobile number: an "up to" price. */
  mobile: Money | null;
  /** Each callable line type with its price. */
  lines: readonly CountryLine[];
}

const ORDINARY: ReadonlySet<LineKind> = new Set(["landline", "mobile", "other", "satellite"]);

export function shownPricesOf(snapshot: RatesSnapshot, code: string, reached: readonly ReachedRow[]): ShownPrices | null {
  const priced: { item: ReachedRow; kind: LineKind; rate: Money }[] = [];
  for (const item of reached) {
    const quote = quoteNumber(snapshot, item.number);
    // The reach was found with the same check, so a refusal here means the number is not this country's after all.
    if (!quote.ok || quote.countryCode !== code) continue;
    priced.push({ item, kind: quote.lineKind, rate: quote.rate });
  }
  if (priced.length === 0) return null;
  const ordinary = priced.filter((entry) => ORDINARY.has(entry.kind));
  const range = ordinary.length > 0 ? ordinary : priced;
  const rates = range.map((entry) => entry.rate);
  const mobiles = priced.filter((entry) => entry.kind === "mobile").map((entry) => entry.rate);
  const dialDigits = snapshot.countries.get(code)?.dialCode.replace(/\D/g, "") ?? "";
  const dialRow = snapshot.index.lookup(dialDigits)?.row;
  const landlines = priced.filter((entry) => entry.kind === "landline");
  const landline =
    landlines.find((entry) => entry.item.row.iso === code && entry.item.row.lineType.trim().toLowerCase() === "standard") ??
    landlines.find((entry) => entry.item.row === dialRow) ??
    [...landlines].sort((a, b) => a.rate - b.rate)[0];
  return {
    cheapest: Math.min(...rates),
    mostExpensive: Math.max(...rates),
    landline: landline?.rate ?? null,
    mobile: mobiles.length > 0 ? Math.max(...mobiles) : null,
    lines: priced.map((entry) => ({ lineType: entry.item.row.lineType, lineKind: entry.kind, rate: entry.rate })),
  };
}
