import { countryCodeToSlug, countrySlugToCode } from "../countries/countries";
import { canonicalLanguagePath } from "./language-prefix";

/** A country page's address: the language segment, "country", the slug, and a trailing slash if any. */
const COUNTRY_PAGE = /^(\/[^/]+\/country\/)([A-Za-z0-9-]+)(\/?)$/;

/**
 * A country page's address with the country's one slug, or null when it has it already or names no
 * country: "/en/country/gb" and "/en/country/GB" → "/en/country/uk" (the slug links use, countries.ts).
 */
export function canonicalCountryPath(pathname: string): string | null {
  const match = COUNTRY_PAGE.exec(pathname);
  const [, start = "", slug = "", end = ""] = match ?? [];
  if (match === null) return null;
  const code = countrySlugToCode(slug);
  if (code === null) return null;
  const canonical = countryCodeToSlug(code);
  return canonical === slug ? null : `${start}${canonical}${end}`;
}

/**
 * A page's one address, or null when it is there already: its language as the site writes it
 * (language-prefix.ts), then a country page's slug. The server redirects there with 301 in one
 * step, so a crawler and a flood of spellings each reach the one page its cache holds.
 */
export function canonicalPagePath(pathname: string): string | null {
  const language = canonicalLanguagePath(pathname);
  return canonicalCountryPath(language ?? pathname) ?? language;
}
