import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { translationStrings } from "../../../shared/api/i18n";
import { directionOf, type Locale } from "../../../shared/i18n/locales";
import { callApi } from "../api-client";

/**
 * English ships inside the bundle (it is the source and the fallback); every
 * other language comes from the server, where admins can edit it.
 */
export const i18n = i18next.createInstance();

// Every feature's English file, bundled: English is the source and the fallback.
const englishFiles = import.meta.glob<Record<string, string>>("../../../../data/translations/en/*.json", { eager: true, import: "default" });
const englishStrings: Record<string, string> = Object.assign({}, ...Object.values(englishFiles));

void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: englishStrings } },
  interpolation: { escapeValue: false, prefix: "{{", suffix: "}}" },
  // Keys contain dots; a key that is missing should show English, never the raw key path as a nested lookup.
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  react: { useSuspense: false },
});

const loaded = new Map<Locale, Promise<void>>([["en", Promise.resolve()]]);

/** Fetches a language's strings once per page load. */
export function loadLocale(locale: Locale): Promise<void> {
  let pending = loaded.get(locale);
  if (!pending) {
    pending = callApi(translationStrings, { params: { language: locale } }).then(({ strings }) => {
      i18n.addResourceBundle(locale, "translation", strings, true, true);
    });
    // A failed load may be retried on the next navigation.
    pending.catch(() => loaded.delete(locale));
    loaded.set(locale, pending);
  }
  return pending;
}

/** Switches the interface language once its strings are in, and mirrors it on <html lang dir>. */
export async function activateLocale(locale: Locale): Promise<void> {
  try {
    await loadLocale(locale);
  } catch (error) {
    console.warn("translations could not be loaded; showing English", error);
  }
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}
