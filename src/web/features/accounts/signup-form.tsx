import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { adminSignUp } from "../../../shared/api/accounts";
import { isAdminDomainEmail, isPlausibleEmail, PASSWORD_MIN_LENGTH } from "../../../shared/accounts/credentials";
import { displayNameFromEmail } from "../../../shared/accounts/display-name";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { callApi } from "../../lib/api-client";
import { authClient } from "../../lib/auth-client";
import { useLocale } from "../../lib/use-locale";
import { authErrorMessage } from "./auth-error";
import { useAuthOptions } from "./auth-options";
import { PasswordStrengthMeter } from "./password-strength-meter";
import { ResendVerification } from "./resend-verification";

/** Sign-up with email and password; the account works once the emailed link is followed. */
export function SignupForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const options = useAuthOptions();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState<"user" | "admin" | null>(null);
  // An administrator's link is an invitation to choose the password (the server's admin-role.ts), not a plain confirmation.
  const [adminAsked, setAdminAsked] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const validate = () => {
    const next: typeof errors = {};
    if (!isPlausibleEmail(email)) next.email = t("auth.email_invalid");
    if (password.length < PASSWORD_MIN_LENGTH) next.password = t("auth.password_too_short", { min: PASSWORD_MIN_LENGTH });
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const signUp = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    setBusy("user");
    const address = email.trim();
    const { error } = await authClient.signUp.email({ email: address, password, name: displayNameFromEmail(address), callbackURL: `/${locale}/auth` });
    setBusy(null);
    if (error) setErrors({ form: authErrorMessage(t, error) });
    else setSentTo(address);
  };

  const createAdmin = async () => {
    if (!validate()) return;
    setBusy("admin");
    try {
      await callApi(adminSignUp, { body: { email: email.trim(), password, callbackURL: `/${locale}/auth` } });
      setAdminAsked(true);
      setSentTo(email.trim());
    } catch (error) {
      setErrors({ form: authErrorMessage(t, error) });
    } finally {
      setBusy(null);
    }
  };

  if (sentTo) {
    return (
      <div className="space-y-4" role="status">
        <h2 className="text-lg font-semibold">{t("auth.check_email.title")}</h2>
        <p className="text-slate-700">{t(adminAsked ? "auth.check_email.admin_description" : "auth.check_email.description", { email: sentTo })}</p>
        <p className="text-sm text-slate-600">{t("auth.check_email.existing_hint")}</p>
        <ResendVerification email={sentTo} />
      </div>
    );
  }

  const adminDomain = options.data?.adminEmailDomain;
  return (
    <form noValidate onSubmit={(event) => void signUp(event)} className="space-y-4">
      <Field label={t("auth.email")} error={errors.email}>
        <Input type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
      </Field>
      <Field label={t("auth.password")} hint={t("auth.password_hint", { min: PASSWORD_MIN_LENGTH })} error={errors.password}>
        <Input type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} required />
      </Field>
      <PasswordStrengthMeter password={password} />
      {errors.form ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy !== null}>
        {busy === "user" ? t("auth.creating_account") : t("auth.create_account")}
      </Button>
      {adminDomain && isAdminDomainEmail(email, adminDomain) ? (
        <Button variant="secondary" className="w-full" disabled={busy !== null} onClick={() => void createAdmin()}>
          {busy === "admin" ? t("auth.creating_account") : t("auth.create_admin")}
        </Button>
      ) : null}
    </form>
  );
}
