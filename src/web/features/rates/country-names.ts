import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { LocaleData } from "i18n-iso-countries/index.js";
import { countryName, registerCountryLocale } from "../../../shared/countries/countries";
import type { Locale } from "../../../shared/i18n/locales";
import { useLocale } from "../../lib/use-locale";

type NamesModule = { default: LocaleData };

/**
 * One lazy chunk per language: the browser downloads only the names of the
 * language it shows. English is registered by the countries module itself.
 */
const LOADERS: Record<Exclude<Locale, "en">, () => Promise<NamesModule>> = {
  sv: () => import("i18n-iso-countries/langs/sv.json"),
  ar: () => import("i18n-iso-countries/langs/ar.json"),
  zh: () => import("i18n-iso-countries/langs/zh.json"),
  fr: () => import("i18n-iso-countries/langs/fr.json"),
  de: () => import("i18n-iso-countries/langs/de.json"),
  es: () => import("i18n-iso-countries/langs/es.json"),
  hi: () => import("i18n-iso-countries/langs/hi.json"),
  ru: () => import("i18n-iso-countries/langs/ru.json"),
  pt: () => import("i18n-iso-countries/langs/pt.json"),
};

const registered = new Set<Locale>(["en"]);

/** Registers a language's country names; resolves with the locale whose names are now available. */
export async function loadCountryNames(locale: Locale): Promise<Locale> {
  if (registered.has(locale) || locale === "en") return locale;
  const data = (await LOADERS[locale]()).default;
  registerCountryLocale(locale, data);
  registered.add(locale);
  return locale;
}

export interface CountryNames {
  /** The country's name in the current language, else English, else its code. */
  nameOf: (code: string) => string;
  /** The language whose names are registered right now: pass it to searchCountries. */
  namesLocale: Locale;
  ready: boolean;
}

/** Country names in the current language, loading them on first use (English meanwhile). */
export function useCountryNames(): CountryNames {
  const locale = useLocale();
  const names = useQuery({
    queryKey: ["country-names", locale],
    queryFn: () => loadCountryNames(locale),
    staleTime: Infinity,
    gcTime: Infinity,
    initialData: registered.has(locale) ? locale : undefined,
  });
  const namesLocale: Locale = names.data ?? "en";
  const nameOf = useCallback((code: string) => countryName(code, namesLocale), [namesLocale]);
  return { nameOf, namesLocale, ready: names.data !== undefined || names.isError };
}

/** `(code) => name` in the current language (see useCountryNames). */
export function useCountryName(): (code: string) => string {
  return useCountryNames().nameOf;
}
