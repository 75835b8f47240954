import { useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import { Button } from "../../components/ui/button";
import { authClient } from "../../lib/auth-client";
import { useLocale } from "../../lib/use-locale";
import { authErrorMessage } from "./auth-error";

/** Marks that we left for Google, so the return trip honours the pending redirect after 500 ms (spec). */
export const OAUTH_RETURN_KEY = "oauth_return";

export function GoogleSignIn() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    sessionStorage.setItem(OAUTH_RETURN_KEY, "1");
    const { error } = await authClient.signIn.social({ provider: "google", callbackURL: `/${locale}/auth`, errorCallbackURL: `/${locale}/auth` });
    if (error) {
      sessionStorage.removeItem(OAUTH_RETURN_KEY);
      setBusy(false);
      notify.error(authErrorMessage(t, error));
    }
  };
  return (
    <Button variant="secondary" className="w-full" disabled={busy} onClick={() => void start()}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
        <path fill="#EA4335" d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.8-5.5 3.8-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.2 14.6 2.2 12 2.2 6.6 2.2 2.2 6.6 2.2 12S6.6 21.8 12 21.8c5.7 0 9.4-4 9.4-9.6 0-.6-.1-1.1-.2-1.6H12z" />
      </svg>
      {t("auth.google")}
    </Button>
  );
}
