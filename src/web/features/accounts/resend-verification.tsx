import { useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import { Button } from "../../components/ui/button";
import { authClient } from "../../lib/auth-client";
import { useLocale } from "../../lib/use-locale";
import { authErrorMessage } from "./auth-error";

/** Sends the verification email again; the link leads back to /{lang}/auth. */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: `/${locale}/auth` });
    setSending(false);
    if (error) notify.error(authErrorMessage(t, error));
    else notify.success(t("auth.verification_sent.title"), { description: t("auth.verification_sent.description", { email }) });
  };
  return (
    <Button variant="secondary" className="w-full" disabled={sending || !email} onClick={() => void resend()}>
      {sending ? t("auth.sending") : t("auth.resend_verification")}
    </Button>
  );
}
