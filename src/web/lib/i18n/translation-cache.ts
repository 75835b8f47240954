import type { Locale } from "../../../shared/i18n/locales";

/** The spec's translation cache: localStorage i18n_cache_v3, kept 7 days. */
export const CACHE_KEY = "i18n_cache_v3";
export const CACHE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

type CacheEntry = { savedAt: number; strings: Record<string, string> };

function readAll(): Partial<Record<Locale, CacheEntry>> {
  try {
    return JSON.parse(localStorage.getItem(CACHE_KEY) ?? "{}") as Partial<Record<Locale, CacheEntry>>;
  } catch {
    return {};
  }
}

/** A language's cached strings, unless older than the lifetime. */
export function readCachedStrings(locale: Locale, now = Date.now()): Record<string, string> | null {
  const entry = readAll()[locale];
  return entry && now - entry.savedAt < CACHE_LIFETIME_MS ? entry.strings : null;
}

export function writeCachedStrings(locale: Locale, strings: Record<string, string>, now = Date.now()): void {
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify({ ...readAll(), [locale]: { savedAt: now, strings } }));
  } catch {
    // Full or blocked storage: the next visit loads from the server again.
  }
}
