import { translationStringsRoute } from "../../../shared/api/routes";
import { directionOf, type Locale } from "../../../shared/i18n/locales";
import { callApi } from "../api-client";
import { readCachedStrings, writeCachedStrings } from "./translation-cache";
import { createTranslator, type Translator } from "./translator";
import { retryWhileBusy } from "./while-busy";

/**
 * Every language, English too, comes from the server (where admins can edit it) in
 * two phases: the keys the first screens need, then the rest when the browser is
 * idle. English is every language's fallback, so its first-screen keys load beside
 * the language's own; a server-rendered page brings both with it (seedLocale).
 */
export const i18n: Translator = createTranslator("en");

/**
 * The spec's startup key patterns, plus what the first screens and error messages use.
 * Not seo.: those words are the server's (site/page-head.ts), never shown by the app.
 */
export const STARTUP_PREFIXES = ["nav.", "common.", "brand.", "call_section.", "index.", "hero.", "footer.", "auth.", "errors.", "error_page.", "not_found."];

const loaded = new Map<Locale, Promise<void>>();
/** Whether a server-rendered page in another language brought English's strings for what it shows, as the fallback (seedLocale). */
let fallbackCameWithPage = false;

/** `silent`: no re-render of what is on screen (useTranslation re-renders on "added"); for strings nothing shown can be waiting for. */
function addStrings(locale: Locale, strings: Record<string, string>, silent = false) {
  i18n.addStrings(locale, strings, { silent });
}

/** Whether a language has some string under each prefix (a page that waits for a prefix waits for all of it). */
export function hasStringsUnder(locale: Locale, prefixes: readonly string[]): boolean {
  const keys = Object.keys(i18n.stringsOf(locale) ?? {});
  return prefixes.every((prefix) => keys.some((key) => key.startsWith(prefix)));
}

const prefixLoads = new Map<string, Promise<void>>();

/** Fetches a language's strings under the given prefixes, once; resolves (never rejects) once they are in or failed. */
export function loadStringsUnder(locale: Locale, prefixes: readonly string[]): Promise<void> {
  const id = `${locale}|${prefixes.join(",")}`;
  let request = prefixLoads.get(id);
  if (!request) {
    request = retryWhileBusy(() => callApi(translationStringsRoute, { params: { language: locale }, query: { prefixes: prefixes.join(",") } })).then(
      ({ strings }) => addStrings(locale, strings),
      (error: unknown) => {
        // A later page may try again.
        prefixLoads.delete(id);
        console.warn("translations could not be loaded", error);
      },
    );
    prefixLoads.set(id, request);
  }
  return request;
}

/** Loads the rest of a language's strings once the browser is idle (or after 4 s), then caches them all. */
function loadRestWhenIdle(locale: Locale, prefixes: string[], silent = false) {
  const run = () => {
    retryWhileBusy(() => callApi(translationStringsRoute, { params: { language: locale }, query: { prefixes: prefixes.join(","), exclude: "true" } })).then(
      ({ strings }) => {
        addStrings(locale, strings, silent);
        writeCachedStrings(locale, { ...i18n.stringsOf(locale) });
      },
      (error: unknown) => console.warn("translations could not be loaded", error),
    );
  };
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: 4000 });
  else setTimeout(run, 4000);
}

/**
 * English as the fallback of another language: only the keys under the same
 * prefixes (the language's own strings are complete; English covers a key an
 * admin has not translated yet), or all of it when cached from an English visit.
 */
function loadFallback(prefixes: string[]): Promise<void> {
  const english = loaded.get("en");
  if (english) return english.catch(() => undefined);
  // A server-rendered page brought English for every key it shows and every startup key (seedLocale).
  // A country's own prefix (country_page.{slug}.) may have no strings at all, so asking for it again
  // would find nothing new, and adding the answer would re-render the page just taken over.
  if (fallbackCameWithPage) return Promise.resolve();
  if (hasStringsUnder("en", prefixes)) return Promise.resolve();
  const cached = readCachedStrings("en");
  if (cached) {
    addStrings("en", cached);
    return Promise.resolve();
  }
  return loadStringsUnder("en", prefixes);
}

/**
 * Makes a language's strings available: from the cache when fresh (refreshed in
 * the background), else the startup keys now and the rest when idle; English's
 * startup keys beside them as the fallback.
 * `extraPrefixes` adds page-specific startup keys (country_page.{slug}.).
 */
export function loadLocale(locale: Locale, extraPrefixes: string[] = []): Promise<void> {
  const prefixes = [...STARTUP_PREFIXES, ...extraPrefixes];
  const fallback = locale === "en" ? Promise.resolve() : loadFallback(prefixes);
  let pending = loaded.get(locale);
  if (pending) return Promise.all([pending, fallback]).then(() => undefined);
  const cached = readCachedStrings(locale);
  if (cached) {
    addStrings(locale, cached);
    pending = Promise.resolve();
    // Stale-while-revalidate: an admin's edit reaches returning visitors on their next page load.
    callApi(translationStringsRoute, { params: { language: locale } }).then(
      ({ strings }) => {
        addStrings(locale, strings);
        writeCachedStrings(locale, strings);
      },
      () => undefined,
    );
  } else {
    pending = retryWhileBusy(() => callApi(translationStringsRoute, { params: { language: locale }, query: { prefixes: prefixes.join(",") } })).then(({ strings }) => {
      addStrings(locale, strings);
      loadRestWhenIdle(locale, prefixes);
    });
    // A failed load may be retried on the next navigation.
    pending.catch(() => loaded.delete(locale));
  }
  loaded.set(locale, pending);
  return Promise.all([pending, fallback]).then(() => undefined);
}

/**
 * Puts the strings a server-rendered page used in place before it is hydrated
 * (main.tsx), so the first render in the browser reads what the server's did. The
 * language's other strings still load as usual (loadLocale).
 */
export async function seedLocale(locale: Locale, strings: Record<string, string>, english: Record<string, string>): Promise<void> {
  // An English page's strings are its English ones: the server sends them once.
  addStrings("en", english);
  if (locale !== "en") fallbackCameWithPage = true;
  addStrings(locale, strings);
  await i18n.changeLanguage(locale);
  // The page brought its startup strings (ssr/render-page.tsx), so the language counts as
  // loaded; the rest arrives when idle without re-rendering the page, whose strings are all in.
  if (!loaded.has(locale)) {
    loaded.set(locale, Promise.resolve());
    loadRestWhenIdle(locale, STARTUP_PREFIXES, true);
  }
}

/** Whether the interface already shows this language with its strings in (a server-rendered page after seedLocale, or on the server). */
export function isLocaleShown(instance: Translator, locale: Locale): boolean {
  return instance.language === locale && instance.stringsOf(locale) !== undefined && instance.stringsOf("en") !== undefined;
}

/** Switches the interface language once its first strings are in, and mirrors it on <html lang dir>. */
export async function activateLocale(locale: Locale, extraPrefixes: string[] = []): Promise<void> {
  try {
    await loadLocale(locale, extraPrefixes);
  } catch (error) {
    console.warn("translations could not be loaded", error);
  }
  // Changing to the language already shown would re-render every translated component (a long task on a phone, just after a server-rendered page is taken over).
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/**
 * For what shows before a bare page's first strings arrive (its spinner, the notifications
 * region): nothing rather than the raw key; the component renders again when they are in.
 */
export function textOrNothing(instance: Translator, key: string, options: Record<string, string> = {}): string {
  return instance.exists(key) ? instance.t(key, options) : "";
}
