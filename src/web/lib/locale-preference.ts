import { LOCALE_COOKIE, preferredLocale, type Locale } from "../../shared/i18n/locales";

export const LOCALE_STORAGE_KEY = "preferred_locale";
const ONE_YEAR_SECONDS = 31_536_000;

function savedLocale(): string | null {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    if (stored) return stored;
  } catch {
    // Storage can be blocked (private mode); the cookie still works.
  }
  const cookie = document.cookie.split("; ").find((entry) => entry.startsWith(`${LOCALE_COOKIE}=`));
  return cookie ? decodeURIComponent(cookie.slice(LOCALE_COOKIE.length + 1)) : null;
}

/** The locale for a path without one: saved choice, then the browser's languages, then English. */
export function resolvePreferredLocale(): Locale {
  return preferredLocale({ saved: savedLocale(), browser: navigator.languages });
}

/** Remembers the language in local storage and a one-year cookie. */
export function saveLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // See savedLocale.
  }
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax`;
}
