import { LRUCache } from "lru-cache";
import { moneyToDecimal } from "../../../shared/money";
import type { DialRefusal } from "../../../shared/phone/number-check";
import { jsonText, type JsonText } from "../../http/endpoint";
import { presentQuote, type LookupResponse } from "./presenters";
import { quoteNumber } from "./quote";
import type { RatesSnapshot } from "./snapshot";

export type LookupAnswer = { ok: true; json: JsonText<LookupResponse> } | { ok: false; reason: DialRefusal };

export interface LookupAnswers {
  /** The answer to a lookup of `input` under `snapshot`: the price as the route sends it, or the refusal. */
  answer(snapshot: RatesSnapshot, input: string): LookupAnswer;
}

/**
 * The lookup route's answers, remembered for the rates in force. Every dial asks for
 * the price of a number the customer asked about a moment before (the rate shown
 * while typing, the confirm dialog, the redial), and working one out again costs
 * most of the request: parsing against the phone metadata, pricing, presenting and
 * writing the JSON. An answer depends on nothing but the number and the snapshot,
 * so the whole cache is dropped the moment a new snapshot (a deck import, an admin
 * price, a margin change) is in force: a remembered price can never outlive its rates.
 * Bounded, least recently used first out (about 6 MB when full).
 */
export function createLookupAnswers(maxEntries = 20_000): LookupAnswers {
  const cache = new LRUCache<string, LookupAnswer>({ max: maxEntries });
  let cachedFor: RatesSnapshot | null = null;

  return {
    answer(snapshot, input) {
      if (snapshot !== cachedFor) {
        cache.clear();
        cachedFor = snapshot;
      }
      const known = cache.get(input);
      if (known !== undefined) return known;
      const quote = quoteNumber(snapshot, input);
      const answer: LookupAnswer = quote.ok
        ? { ok: true, json: jsonText(presentQuote(quote, moneyToDecimal(snapshot.fallbackRate))) }
        : { ok: false, reason: quote.reason };
      cache.set(input, answer);
      return answer;
    },
  };
}
