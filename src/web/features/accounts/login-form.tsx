import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { authClient, type AuthFailure } from "../../lib/auth-client";
import { authErrorMessage } from "./auth-error";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { ResendVerification } from "./resend-verification";

/** Email + password sign-in (the auth page moves on once the session appears); an unverified account is offered a new verification email. */
export function LoginForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [missing, setMissing] = useState<"email" | "password" | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setMissing(!email.trim() ? "email" : !password ? "password" : null);
    if (!email.trim() || !password) return;
    setBusy(true);
    const { error } = await authClient.signIn.email({ email: email.trim(), password });
    setBusy(false);
    if (error) setFailure({ code: error.code, message: error.message, status: error.status });
  };

  const unverified = failure?.code === "EMAIL_NOT_VERIFIED";
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <Field label={t("auth.email")} error={missing === "email" ? t("auth.email_required") : undefined}>
        <Input type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
      </Field>
      <Field label={t("auth.password")} error={missing === "password" ? t("auth.password_required") : undefined}>
        <Input type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
      </Field>
      {failure ? (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {unverified ? t("auth.verify_first", { email: email.trim() }) : authErrorMessage(t, failure)}
        </div>
      ) : null}
      {unverified ? <ResendVerification email={email.trim()} /> : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("auth.signing_in") : t("nav.sign_in")}
      </Button>
      <div className="text-center">
        <ForgotPasswordDialog initialEmail={email} />
      </div>
    </form>
  );
}
