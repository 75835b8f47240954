import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { translationStrings } from "../../../shared/api/i18n";
import { directionOf, type Locale } from "../../../shared/i18n/locales";
import { callApi } from "../api-client";
import { readCachedStrings, writeCachedStrings } from "./translation-cache";

/**
 * English ships inside the bundle (it is the source and the fallback); every
 * other language comes from the server, where admins can edit it, in two
 * phases: the keys the first screen needs, then the rest when the browser is idle.
 */
export const i18n = i18next.createInstance();

// The long texts of the FAQ and the legal pages stay out of the first load: their pages load them (features/content/content-strings.ts).
// seo.json holds the words of the heads the server writes (site/page-head.ts); the web app never shows them.
const englishFiles = import.meta.glob<Record<string, string>>(["../../../../data/translations/en/*.json", "!../../../../data/translations/en/faq.json", "!../../../../data/translations/en/legal.json", "!../../../../data/translations/en/seo.json"], {
  eager: true,
  import: "default",
});
const englishStrings: Record<string, string> = Object.assign({}, ...Object.values(englishFiles));

void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: englishStrings } },
  interpolation: { escapeValue: false, prefix: "{{", suffix: "}}" },
  // Keys contain dots; they are flat names, not paths into nested objects.
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  // Re-render when the second phase adds strings.
  react: { useSuspense: false, bindI18nStore: "added" },
});

/** The spec's startup key patterns, plus what the first screens and error messages use. */
export const STARTUP_PREFIXES = ["nav.", "seo.", "common.", "brand.", "call_section.", "index.", "hero.", "footer.", "auth.", "errors.", "not_found."];

const loaded = new Map<Locale, Promise<void>>([["en", Promise.resolve()]]);

/** `silent`: no re-render of what is on screen (react-i18next re-renders on "added"); for strings nothing shown can be waiting for. */
function addStrings(locale: Locale, strings: Record<string, string>, silent = false) {
  i18n.addResourceBundle(locale, "translation", strings, true, true, { silent });
}

/** Loads the rest of a language's strings once the browser is idle (or after 4 s), then caches them all. */
function loadRestWhenIdle(locale: Locale, prefixes: string[], silent = false) {
  const run = () => {
    callApi(translationStrings, { params: { language: locale }, query: { prefixes: prefixes.join(","), exclude: "true" } }).then(
      ({ strings }) => {
        addStrings(locale, strings, silent);
        writeCachedStrings(locale, i18n.getResourceBundle(locale, "translation") as Record<string, string>);
      },
      (error: unknown) => console.warn("translations could not be loaded", error),
    );
  };
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: 4000 });
  else setTimeout(run, 4000);
}

/**
 * Makes a language's strings available: from the cache when fresh (refreshed in
 * the background), else the startup keys now and the rest when idle.
 * `extraPrefixes` adds page-specific startup keys (country_page.{slug}.).
 */
export function loadLocale(locale: Locale, extraPrefixes: string[] = []): Promise<void> {
  let pending = loaded.get(locale);
  if (pending) return pending;
  const cached = readCachedStrings(locale);
  const prefixes = [...STARTUP_PREFIXES, ...extraPrefixes];
  if (cached) {
    addStrings(locale, cached);
    pending = Promise.resolve();
    // Stale-while-revalidate: an admin's edit reaches returning visitors on their next page load.
    callApi(translationStrings, { params: { language: locale } }).then(
      ({ strings }) => {
        addStrings(locale, strings);
        writeCachedStrings(locale, strings);
      },
      () => undefined,
    );
  } else {
    pending = callApi(translationStrings, { params: { language: locale }, query: { prefixes: prefixes.join(",") } }).then(({ strings }) => {
      addStrings(locale, strings);
      loadRestWhenIdle(locale, prefixes);
    });
    // A failed load may be retried on the next navigation.
    pending.catch(() => loaded.delete(locale));
  }
  loaded.set(locale, pending);
  return pending;
}

/**
 * Puts the strings a server-rendered page used in place before it is hydrated
 * (main.tsx), so the first render in the browser reads what the server's did. The
 * language's other strings still load as usual (loadLocale).
 */
export async function seedLocale(locale: Locale, strings: Record<string, string>, english: Record<string, string>): Promise<void> {
  // An English page's strings are its English ones: the server sends them once.
  i18n.addResourceBundle("en", "translation", english, true, true);
  addStrings(locale, strings);
  await i18n.changeLanguage(locale);
  // The page brought its startup strings (ssr/render-page.tsx), so the language counts as
  // loaded; the rest arrives when idle without re-rendering the page, whose strings are all in.
  if (!loaded.has(locale)) {
    loaded.set(locale, Promise.resolve());
    loadRestWhenIdle(locale, STARTUP_PREFIXES, true);
  }
}

/** Switches the interface language once its first strings are in, and mirrors it on <html lang dir>. */
export async function activateLocale(locale: Locale, extraPrefixes: string[] = []): Promise<void> {
  try {
    await loadLocale(locale, extraPrefixes);
  } catch (error) {
    console.warn("translations could not be loaded; showing English", error);
  }
  // Changing to the language already shown would re-render every translated component (a long task on a phone, just after a server-rendered page is taken over).
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}
