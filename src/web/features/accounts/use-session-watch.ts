import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import { loadAuthClient } from "../../lib/auth/session-store";
import { ACCOUNT_QUERY_KEY, type AuthState } from "../../lib/auth/use-auth";

const VISIBLE_REFRESH_BELOW_MS = 300_000;
const PERIODIC_CHECK_MS = 30 * 60_000;
const PERIODIC_REFRESH_BELOW_MS = 900_000;

/**
 * The spec's session checks. When the page becomes visible the session is
 * re-read (the server extends a live one); if it is gone: 'Session Expired'.
 * Every 30 minutes, a session ending within 15 minutes is refreshed, and if it
 * still ends soon: 'Session Expiring'.
 */
export function useSessionWatch(auth: AuthState): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const expiresAt = useRef<Date | null>(null);
  expiresAt.current = auth.sessionExpiresAt;
  const signedIn = auth.status === "authenticated";

  useEffect(() => {
    if (!signedIn) return;
    const reread = async () => {
      const authClient = await loadAuthClient();
      const { data } = await authClient.getSession({ query: { disableCookieCache: true } });
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
      return data;
    };
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      // Re-reading extends a live session on the server; near its end, also refresh the interface's copy.
      const endingSoon = (expiresAt.current?.getTime() ?? 0) - Date.now() < VISIBLE_REFRESH_BELOW_MS;
      void reread().then(async (session) => {
        if (!session || endingSoon) (await loadAuthClient()).$store.notify("$sessionSignal");
        if (!session) notify.error(t("auth.session_expired.title"), { description: t("auth.session_expired.description") });
      });
    };
    const periodic = window.setInterval(() => {
      const left = (expiresAt.current?.getTime() ?? 0) - Date.now();
      if (left >= PERIODIC_REFRESH_BELOW_MS) return;
      void reread().then((session) => {
        const stillLeft = session ? new Date(session.session.expiresAt).getTime() - Date.now() : 0;
        if (stillLeft < PERIODIC_REFRESH_BELOW_MS) notify.warning(t("auth.session_expiring.title"), { description: t("auth.session_expiring.description") });
      });
    }, PERIODIC_CHECK_MS);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.clearInterval(periodic);
    };
  }, [signedIn, queryClient, t]);
}
