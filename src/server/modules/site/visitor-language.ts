import type { FastifyRequest } from "fastify";
import { LOCALE_COOKIE, preferredLocale, type Locale } from "../../../shared/i18n/locales";
import { acceptedLocale } from "../accounts/emails";

const SAVED = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`);

/**
 * The language to show a visitor at an address that names none: the one they last read the site in
 * (the cookie the web app keeps), else their browser's first of ours, else English. The web app
 * chooses the same way (lib/locale-preference.ts), so the server's head and the page agree.
 */
export function visitorLanguage(request: Pick<FastifyRequest, "headers">): Locale {
  const saved = SAVED.exec(request.headers.cookie ?? "")?.[1];
  const browser = acceptedLocale(request.headers["accept-language"]);
  return preferredLocale({ saved: saved === undefined ? undefined : safeDecode(saved), browser: browser === undefined ? [] : [browser] });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
