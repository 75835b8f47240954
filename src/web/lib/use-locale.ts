import { useParams } from "react-router";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locales";

/** The locale of the current /{lang} route (the gate guarantees it is supported). */
export function useLocale(): Locale {
  const { lang } = useParams();
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Builds a path under the current language: localePath("en", "/faq") -> "/en/faq". */
export function localePath(locale: Locale, path = ""): string {
  return `/${locale}${path === "/" ? "" : path}`;
}
