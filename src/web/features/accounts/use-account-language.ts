import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Locale } from "../../../shared/i18n/locales";
import { useCurrentAccount, type AuthState } from "../../lib/auth/use-auth";
import { saveLocale } from "../../lib/locale-preference";
import { inLanguage, useLocale } from "../../lib/use-locale";

const APPLIED_KEY = "dw-account-language";
/** Pages that send a person on once they are signed in: the language is applied on the page they land on. */
const PASSING_THROUGH = /^\/[^/]+\/(auth|signup|reset-password)$/;

function appliedFor(userId: string): boolean {
  try {
    return sessionStorage.getItem(APPLIED_KEY) === userId;
  } catch {
    return false;
  }
}

function markApplied(userId: string): void {
  try {
    sessionStorage.setItem(APPLIED_KEY, userId);
  } catch {
    // Without storage the language is applied once per page load instead.
  }
}

/**
 * The account's preferred language, applied on every device at sign-in: once a person signs
 * in in this tab (seen signed out, then signed in), the app moves to the page they land on in
 * that language and remembers it as this browser's choice. A page opened already signed in
 * keeps the language its address names: an address in Arabic is an explicit choice. Once per
 * tab and account, so a person who then picks another language with the header's picker keeps it.
 */
export function useAccountLanguage(auth: AuthState): void {
  const account = useCurrentAccount();
  const current = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const preferred: Locale | null = auth.status === "authenticated" ? (account.data?.locale ?? null) : null;
  const userId = auth.userId;
  // Whether this page saw the person signed out: only then is a session a sign-in.
  const sawSignedOut = useRef(false);
  if (auth.status === "unauthenticated") sawSignedOut.current = true;

  useEffect(() => {
    if (!sawSignedOut.current || !userId || !preferred || appliedFor(userId) || PASSING_THROUGH.test(location.pathname)) return;
    markApplied(userId);
    if (preferred === current) return;
    saveLocale(preferred);
    void navigate(`${inLanguage(location.pathname, preferred)}${location.search}${location.hash}`, { replace: true, state: location.state });
  }, [userId, preferred, current, navigate, location]);
}
