import { useEffect, useState } from "react";
import type { Locale } from "../../../shared/i18n/locales";
import { useLocale } from "../use-locale";
import { hasStringsUnder, loadStringsUnder } from "./i18n";

/**
 * Page-level strings outside the startup prefixes would otherwise show as raw keys
 * until the idle load arrives. This loads just those prefixes now, in the language and
 * in English (its fallback), once each, unless a bundle already has them (cache or idle load).
 */

/**
 * Told which prefixes a page waits for: the server's render (ssr/render-page.tsx)
 * sends the browser every string under them, so the hydrating page is ready at once, as it was on the server.
 */
let prefixObserver: ((prefixes: readonly string[]) => void) | null = null;
export function observePrefixes(observer: ((prefixes: readonly string[]) => void) | null): void {
  prefixObserver = observer;
}

/** The language and, for any other, English as its fallback. */
const languagesOf = (locale: Locale): Locale[] => (locale === "en" ? ["en"] : [locale, "en"]);

function hasPrefixes(locale: Locale, prefixes: readonly string[]): boolean {
  prefixObserver?.(prefixes);
  return languagesOf(locale).every((language) => hasStringsUnder(language, prefixes));
}

/** Fetches the strings under the given prefixes that are missing in the language or in English; resolves (never rejects) once they are in or failed. */
export function loadPrefixes(locale: Locale, prefixes: readonly string[]): Promise<void> {
  const missing = languagesOf(locale).filter((language) => !hasStringsUnder(language, prefixes));
  return Promise.all(missing.map((language) => loadStringsUnder(language, prefixes))).then(() => undefined);
}

/** Whether the current language's strings under these prefixes, and English's, are ready (true at once when loaded or cached). */
export function useStrings(prefixes: readonly string[]): boolean {
  const locale = useLocale();
  const key = prefixes.join(",");
  const [readyFor, setReadyFor] = useState<string | null>(() => (hasPrefixes(locale, prefixes) ? `${locale}|${key}` : null));
  const ready = readyFor === `${locale}|${key}` || hasPrefixes(locale, prefixes);

  useEffect(() => {
    if (ready) return;
    let current = true;
    void loadPrefixes(locale, key.split(",")).then(() => {
      if (current) setReadyFor(`${locale}|${key}`);
    });
    return () => {
      current = false;
    };
  }, [locale, key, ready]);

  return ready;
}
