import { readFileSync } from "node:fs";
import path from "node:path";
import { COUNTRIES } from "../src/shared/countries/countries";
import { exampleNumberDigits } from "../src/shared/countries/country-table-source";
import { checkDialable } from "../src/shared/phone/number-check";
import { parseDeck } from "../src/shared/rates/deck";
import { buildPrefixIndex } from "../src/shared/rates/prefix-index";

/**
 * Real, callable numbers for the lookup benchmarks: every country's example
 * number with its last `varyDigits` digits varied, kept only when the shipped deck
 * prices it, so every number is answered 200 and the load spreads over the whole
 * trie. A fixed sequence (not Math.random), so every run loads the same numbers.
 */
export function lookupNumbers(count: number, varyDigits = 3): string[] {
  const deck = parseDeck(readFileSync(path.join(import.meta.dirname, "../data/provider-voice-rates.csv"), "utf8"));
  const index = buildPrefixIndex(deck.rows);
  const examples = COUNTRIES.map((country) => exampleNumberDigits(country.code)).filter((digits): digits is string => digits !== null);
  const numbers = new Set<string>();
  const tails = 10 ** varyDigits;
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const maxRounds = Math.ceil((count / examples.length) * 4) + 50;
  for (let round = 0; numbers.size < count && round < maxRounds; round += 1) {
    for (const digits of examples) {
      const tail = String(next() % tails).padStart(varyDigits, "0");
      const candidate = `+${digits.slice(0, -varyDigits)}${tail}`;
      if (checkDialable(candidate, index).ok) numbers.add(candidate);
      if (numbers.size >= count) break;
    }
  }
  return [...numbers];
}
