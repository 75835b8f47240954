import type { StreamAnnouncer } from "../events/stream-routes";
import type { RatesCatalog } from "./catalog";

/** The query keys of every price a browser shows: the public rates, a country's rates, the picker. */
export const RATES_QUERY_KEY = ["rates"];
/**
 * Every open page hears of a change at once; each reads within this time, at a random moment, so a
 * busy deployment is not asked by every page in the same instant (and every instance has reloaded).
 */
export const PRICE_CHANGE_SPREAD_MS = 2_000;

/**
 * Tells every open page that prices changed, once this instance has loaded them, so a page
 * showing a price (a country's rates, the simulator, the call section) reads it again
 * instead of offering the old one until it is reloaded (decision 046).
 */
export function priceChangeAnnouncer(catalog: RatesCatalog): StreamAnnouncer {
  return (announce) => catalog.onChange(() => announce("cache.invalidate", { queryKey: RATES_QUERY_KEY, spreadMs: PRICE_CHANGE_SPREAD_MS }));
}
