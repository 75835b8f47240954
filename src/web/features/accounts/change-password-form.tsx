import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import { PASSWORD_MIN_LENGTH } from "../../../shared/accounts/credentials";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { authClient } from "../../lib/auth-client";
import { announceNewSession } from "../../lib/auth/session-renewed";
import { authErrorMessage } from "./auth-error";
import { PasswordStrengthMeter } from "./password-strength-meter";

/** Changes the password and signs out every other session (a stolen session should not survive it). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (next.length < PASSWORD_MIN_LENGTH) return setError(t("auth.password_too_short", { min: PASSWORD_MIN_LENGTH }));
    setError(null);
    setBusy(true);
    const result = await authClient.changePassword({ currentPassword: current, newPassword: next, revokeOtherSessions: true });
    setBusy(false);
    if (result.error) return setError(authErrorMessage(t, result.error));
    // better-auth ended every session, this tab's too, and opened a new one for it.
    announceNewSession();
    setCurrent("");
    setNext("");
    notify.success(t("profile.password_changed"));
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <Field label={t("profile.current_password")}>
        <Input type="password" autoComplete="current-password" value={current} onChange={(event) => setCurrent(event.target.value)} />
      </Field>
      <Field label={t("reset.new_password")} hint={t("auth.password_hint", { min: PASSWORD_MIN_LENGTH })} error={error ?? undefined}>
        <Input type="password" autoComplete="new-password" value={next} onChange={(event) => setNext(event.target.value)} />
      </Field>
      <PasswordStrengthMeter password={next} />
      <Button type="submit" disabled={busy || !current || !next}>
        {busy ? t("auth.sending") : t("profile.change_password")}
      </Button>
    </form>
  );
}
