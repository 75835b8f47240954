import { useEffect, useState } from "react";
import { translationStrings } from "../../../shared/api/i18n";
import type { Locale } from "../../../shared/i18n/locales";
import { callApi } from "../api-client";
import { useLocale } from "../use-locale";
import { i18n } from "./i18n";

/**
 * Page-level strings outside the startup prefixes would otherwise show in
 * English until the idle load arrives. This loads just those prefixes now,
 * once per language, unless the language's bundle already has them (cache or idle load).
 */
const pending = new Map<string, Promise<void>>();

/**
 * Told which prefixes a page waits for: the server's render (ssr/render-page.tsx)
 * sends the browser every string under them, so the hydrating page is ready at once, as it was on the server.
 */
let prefixObserver: ((prefixes: readonly string[]) => void) | null = null;
export function observePrefixes(observer: ((prefixes: readonly string[]) => void) | null): void {
  prefixObserver = observer;
}

function hasPrefixes(locale: Locale, prefixes: readonly string[]): boolean {
  prefixObserver?.(prefixes);
  if (locale === "en") return true;
  const bundle = (i18n.getResourceBundle(locale, "translation") ?? {}) as Record<string, string>;
  const keys = Object.keys(bundle);
  return prefixes.every((prefix) => keys.some((key) => key.startsWith(prefix)));
}

/** Fetches a language's strings under the given prefixes; resolves (never rejects) once they are in or failed. */
export function loadPrefixes(locale: Locale, prefixes: readonly string[]): Promise<void> {
  if (hasPrefixes(locale, prefixes)) return Promise.resolve();
  const id = `${locale}|${prefixes.join(",")}`;
  let request = pending.get(id);
  if (!request) {
    request = callApi(translationStrings, { params: { language: locale }, query: { prefixes: prefixes.join(",") } }).then(
      ({ strings }) => {
        i18n.addResourceBundle(locale, "translation", strings, true, true);
      },
      (error: unknown) => {
        // English stays as the fallback; a later page may try again.
        pending.delete(id);
        console.warn("translations could not be loaded", error);
      },
    );
    pending.set(id, request);
  }
  return request;
}

/** Whether the current language's strings under these prefixes are ready (true at once for English or when cached). */
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
