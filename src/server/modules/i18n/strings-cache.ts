import type { Locale } from "../../../shared/i18n/locales";
import type { EventBus } from "../../db/bus";
import type { Executor } from "../../db/client";
import { loadStrings } from "./service";
import { TRANSLATIONS_CHANGED_TOPIC } from "./translations-changed";

export interface StringsFilter {
  prefixes: string[];
  exclude: boolean;
}

/**
 * A language's strings kept in memory for a short while: every page load asks
 * for them, and they change only on a release or an admin's edit. An admin's edit
 * is announced on the bus (TRANSLATIONS_CHANGED_TOPIC), and every instance forgets
 * its strings as it hears it; the 60 s lifetime only bounds what a change made
 * outside the app (a hand-run SQL update) takes to show. It is forgotten when the
 * event bus reconnects, as every cache is: a database that was out of reach may
 * have changed meanwhile.
 */
export function createStringsCache(db: Executor, bus: EventBus, lifetimeMs = 60_000, now: () => number = Date.now) {
  const entries = new Map<Locale, { loadedAt: number; strings: Promise<Record<string, string>> }>();
  bus.subscribe(
    (message) => {
      if (message.topic === TRANSLATIONS_CHANGED_TOPIC) entries.clear();
    },
    () => entries.clear(),
  );

  function all(language: Locale): Promise<Record<string, string>> {
    const cached = entries.get(language);
    if (cached && now() - cached.loadedAt < lifetimeMs) return cached.strings;
    const strings = loadStrings(db, language);
    const entry = { loadedAt: now(), strings };
    entries.set(language, entry);
    // A failed load is not remembered (unless a newer one already took its place).
    strings.catch(() => {
      if (entries.get(language) === entry) entries.delete(language);
    });
    return strings;
  }

  return {
    /** The strings whose keys start with one of the prefixes (case-insensitive, as ILIKE 'prefix%'), or all others with exclude. */
    async strings(language: Locale, filter: StringsFilter = { prefixes: [], exclude: false }): Promise<Record<string, string>> {
      const everything = await all(language);
      if (filter.prefixes.length === 0) return everything;
      const prefixes = filter.prefixes.map((prefix) => prefix.toLowerCase());
      const chosen: Record<string, string> = {};
      for (const [key, value] of Object.entries(everything)) {
        const lower = key.toLowerCase();
        if (prefixes.some((prefix) => lower.startsWith(prefix)) !== filter.exclude) chosen[key] = value;
      }
      return chosen;
    },
    /** Forgets every language, for a change this instance made itself. */
    clear(): void {
      entries.clear();
    },
  };
}

export type StringsCache = ReturnType<typeof createStringsCache>;
