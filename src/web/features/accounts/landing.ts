import type { Locale } from "../../../shared/i18n/locales";
import { PENDING_REDIRECT_KEY } from "../../app/guards";

/**
 * Where a signed-in person goes from the sign-in page: the page a guard sent
 * them away from, else their start page. (The spec's /phone and admin-support
 * start pages come with the credits and support features; until then the home
 * page and the admin dashboard serve.)
 */
export function landingPath(locale: Locale, isAdmin: boolean): string {
  const pending = sessionStorage.getItem(PENDING_REDIRECT_KEY);
  sessionStorage.removeItem(PENDING_REDIRECT_KEY);
  if (pending && pending.startsWith(`/${locale}/`) && !pending.startsWith(`/${locale}/auth`)) return pending;
  return isAdmin ? `/${locale}/dashboard` : `/${locale}`;
}
