import type { Locale } from "../../../shared/i18n/locales";
import { loadAuthClient } from "../../lib/auth/session-store";
import { saveLocale } from "../../lib/locale-preference";

/**
 * The spec's logout: every session of the account ends, local and session
 * storage are cleared, and the page reloads at /{lang} even if the request fails.
 */
export async function signOutEverywhere(locale: Locale): Promise<void> {
  try {
    const authClient = await loadAuthClient();
    await authClient.revokeSessions();
    await authClient.signOut();
  } catch {
    // The reload below still leaves this browser signed out of the interface.
  } finally {
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      // Storage may be unavailable; nothing else to clear.
    }
    saveLocale(locale);
    location.replace(`/${locale}`);
  }
}
