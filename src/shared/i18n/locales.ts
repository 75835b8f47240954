/** The ten interface languages; Arabic is the one written right to left. */
export const LOCALES = ["en", "sv", "ar", "zh", "fr", "de", "es", "hi", "ru", "pt"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The cookie that remembers the language a person last read the site in (the web app writes it; the server reads it for addresses without a language). */
export const LOCALE_COOKIE = "PREFERRED_LOCALE";

/** Each language's own name, and the country whose flag stands beside it in the language picker. */
export const LOCALE_NAMES: Record<Locale, { name: string; flagCode: string }> = {
  en: { name: "English", flagCode: "GB" },
  sv: { name: "Svenska", flagCode: "SE" },
  ar: { name: "العربية", flagCode: "SA" },
  zh: { name: "中文", flagCode: "CN" },
  fr: { name: "Français", flagCode: "FR" },
  de: { name: "Deutsch", flagCode: "DE" },
  es: { name: "Español", flagCode: "ES" },
  hi: { name: "हिन्दी", flagCode: "IN" },
  ru: { name: "Русский", flagCode: "RU" },
  pt: { name: "Português", flagCode: "BR" },
};

// Two lowercase letters, optionally a region: "en", "pt-BR", "zh-cn".
const LOCALE_SEGMENT = /^[a-z]{2}(?:[-_][a-zA-Z]{2})?$/;

export function isLocale(value: string | null | undefined): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Whether a path segment is meant as a language prefix (supported or not). */
export function isLocaleSegment(segment: string): boolean {
  return LOCALE_SEGMENT.test(segment);
}

/** "pt-BR" -> "pt"; an unsupported language gives undefined. */
export function toSupportedLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : undefined;
}

/** The spec's order: the path, then the saved choice, then the browser's languages, then English. */
export function preferredLocale(sources: {
  path?: string | undefined;
  saved?: string | null | undefined;
  browser?: readonly string[] | undefined;
}): Locale {
  return (
    toSupportedLocale(sources.path) ??
    toSupportedLocale(sources.saved) ??
    sources.browser?.map(toSupportedLocale).find((locale) => locale !== undefined) ??
    DEFAULT_LOCALE
  );
}

export function directionOf(locale: Locale): "rtl" | "ltr" {
  return locale === "ar" ? "rtl" : "ltr";
}
