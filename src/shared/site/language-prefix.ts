import { isLocale, toSupportedLocale } from "../i18n/locales";

/** A first segment written as a language, in any case, with or without a region: "EN", "Ar", "pt-BR", "sv_fi". */
const LANGUAGE_LIKE = /^[a-z]{2}(?:[-_][a-z]{2})?$/i;

/**
 * The address with its language prefix written as the site writes it, or null when it already is
 * or starts with no language we have: "/EN" → "/en", "/Ar/faq" → "/ar/faq", "/pt-BR/countries" →
 * "/pt/countries". The server redirects to it and the web app navigates to it, so a language
 * typed in capitals or with a region is still that language, at one address.
 */
export function canonicalLanguagePath(pathname: string): string | null {
  const match = /^\/([^/]+)(.*)$/s.exec(pathname);
  const segment = match?.[1];
  if (segment === undefined || isLocale(segment) || !LANGUAGE_LIKE.test(segment)) return null;
  const locale = toSupportedLocale(segment);
  return locale === undefined ? null : `/${locale}${match?.[2] ?? ""}`;
}
