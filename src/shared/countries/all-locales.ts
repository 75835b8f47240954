import ar from "i18n-iso-countries/langs/ar.json";
import de from "i18n-iso-countries/langs/de.json";
import en from "i18n-iso-countries/langs/en.json";
import es from "i18n-iso-countries/langs/es.json";
import fr from "i18n-iso-countries/langs/fr.json";
import hi from "i18n-iso-countries/langs/hi.json";
import pt from "i18n-iso-countries/langs/pt.json";
import ru from "i18n-iso-countries/langs/ru.json";
import sv from "i18n-iso-countries/langs/sv.json";
import zh from "i18n-iso-countries/langs/zh.json";
import type { LocaleData } from "i18n-iso-countries/index.js";
import type { Locale } from "../i18n/locales";
import { registerCountryLocale } from "./countries";

/**
 * Country names for all ten interface languages. Kept out of countries.ts so the
 * browser bundle does not carry ten name tables: the server (and tests) call
 * registerAllCountryLocales() once; the browser registers only the language it shows.
 */
export const COUNTRY_LOCALE_DATA: Readonly<Record<Locale, LocaleData>> = { en, sv, ar, zh, fr, de, es, hi, ru, pt };

export function registerAllCountryLocales(): void {
  for (const [locale, data] of Object.entries(COUNTRY_LOCALE_DATA)) registerCountryLocale(locale, data);
}
