import type { Locale } from "../../../shared/i18n/locales";
import { PENDING_REDIRECT_KEY } from "../../app/guards";

/**
 * Where a signed-in person goes from the sign-in page: the page a guard sent
 * them away from, else their start page: buying credit for a customer (the spec's
 * /{lang}/phone), the support inbox for an admin (spec: Redirects, and the admin logo links there).
 */
export function landingPath(locale: Locale, isAdmin: boolean): string {
  const pending = sessionStorage.getItem(PENDING_REDIRECT_KEY);
  sessionStorage.removeItem(PENDING_REDIRECT_KEY);
  if (pending && pending.startsWith(`/${locale}/`) && !pending.startsWith(`/${locale}/auth`)) return pending;
  return startPath(locale, isAdmin);
}

/** A signed-in person's start page, where the sign-in page and "/" send them (spec: Redirects). */
export function startPath(locale: Locale, isAdmin: boolean): string {
  return isAdmin ? `/${locale}/admin-support` : `/${locale}/phone`;
}
