import { createContext, useContext } from "react";
import { useParams } from "react-router";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locales";

/**
 * The language a page is shown in when its address names none (the 404 page at /login is in the
 * visitor's language: app/locale-routing.tsx); under /{lang} the address says.
 */
export const UnprefixedLocale = createContext<Locale | null>(null);

/** The locale of the current /{lang} route (the gate guarantees it is supported), else the one an unprefixed page is shown in. */
export function useLocale(): Locale {
  const { lang } = useParams();
  const unprefixed = useContext(UnprefixedLocale);
  return isLocale(lang) ? lang : (unprefixed ?? DEFAULT_LOCALE);
}

/** Builds a path under the current language: localePath("en", "/faq") -> "/en/faq". */
export function localePath(locale: Locale, path = ""): string {
  return `/${locale}${path === "/" ? "" : path}`;
}

/** The same address in another language: "/en/faq" -> "/sv/faq"; an address without a language gets one ("/login" -> "/sv/login"). */
export function inLanguage(pathname: string, locale: Locale): string {
  const [, first = "", rest = ""] = /^\/([^/]*)(.*)$/s.exec(pathname) ?? [];
  return isLocale(first) ? `/${locale}${rest}` : `/${locale}${pathname === "/" ? "" : pathname}`;
}
