import { callCost } from "../../../shared/billing";
import { parseMoney, type Money } from "../../../shared/money";
import { POPULAR_COUNTRY_CODES } from "../../../shared/rates/popular-countries";
import type { RatedCountry } from "../../lib/rates/rated-countries";
import type { OutsideSource } from "./outside-rates";

/** The first five of the spec's popular countries: the destinations most of our visitors ask about. */
export const COMPARISON_CODES: readonly string[] = POPULAR_COUNTRY_CODES.slice(0, 5);

/** The example call length the table prices (10 minutes: whole minutes, so no rounding to explain). */
export const EXAMPLE_CALL_SECONDS = 600;

export interface ComparisonRow {
  code: string;
  /** Our price range per minute, as the rates API answers it (the prices calls are charged). */
  cheapest: Money;
  mostExpensive: Money;
  /** What the example call costs at our cheapest rate, by the billing rule itself. */
  exampleCallFrom: Money;
  /** Each column's published figure for this country, in column order; null where the source publishes none. */
  outside: (Money | null)[];
}

export interface Comparison {
  /** Outside sources with a figure for at least one row: a source with nothing to say about these countries gets no column. */
  columns: OutsideSource[];
  rows: ComparisonRow[];
}

/**
 * Home's comparison table: our prices for the chosen countries (only those we call,
 * in the given order), next to whatever outside figures the sources publish for them.
 */
export function buildComparison(countries: readonly RatedCountry[], sources: readonly OutsideSource[], codes: readonly string[] = COMPARISON_CODES): Comparison {
  const ours = codes.flatMap((code) => countries.filter((country) => country.code === code).slice(0, 1));
  const columns = sources.filter((source) => ours.some((country) => source.perMinute[country.code] !== undefined));
  const rows = ours.map((country) => ({
    code: country.code,
    cheapest: country.cheapest,
    mostExpensive: country.mostExpensive,
    exampleCallFrom: callCost(EXAMPLE_CALL_SECONDS, country.cheapest),
    outside: columns.map((source) => {
      const figure = source.perMinute[country.code];
      return figure === undefined ? null : parseMoney(figure);
    }),
  }));
  return { columns, rows };
}
