import { useCallback } from "react";
import { countryName } from "../../../shared/countries/countries";
import type { Locale } from "../../../shared/i18n/locales";
import { useLocale } from "../use-locale";

export interface CountryNames {
  /** The country's everyday name in the current language (CLDR, through Intl.DisplayNames). */
  nameOf: (code: string) => string;
  /** The language the names are in: pass it to searchCountries. */
  namesLocale: Locale;
}

/**
 * Country names in the current language. The browser's own CLDR data has them, so
 * nothing is downloaded; the footer, the picker, the rate pages and the admin all
 * read names here, so a country is called the same everywhere.
 */
export function useCountryNames(): CountryNames {
  const locale = useLocale();
  const nameOf = useCallback((code: string) => countryName(code, locale), [locale]);
  return { nameOf, namesLocale: locale };
}

/** `(code) => name` in the current language (see useCountryNames). */
export function useCountryName(): (code: string) => string {
  return useCountryNames().nameOf;
}
