import type { Locale } from "../../../shared/i18n/locales";

/** A post's date as the reader's language writes it ("2 November 2026", "2026年11月2日"), in UTC so every reader sees one day. */
export function formatPostDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}
