import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link, useNavigate, useSearchParams } from "react-router";
import { notify } from "../../lib/notify";
import { PASSWORD_MIN_LENGTH } from "../../../shared/accounts/credentials";
import { Button, buttonVariants } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { authClient } from "../../lib/auth-client";
import { usePageTitle } from "../../lib/use-page-title";
import { useLocale } from "../../lib/use-locale";
import { authErrorMessage } from "./auth-error";
import { PasswordStrengthMeter } from "./password-strength-meter";

/** /{lang}/reset-password?token=…: choose a new password; a bad or expired link says so. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(!token || params.has("error"));
  const [busy, setBusy] = useState(false);
  usePageTitle(t("reset.title"));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return setError(t("auth.password_too_short", { min: PASSWORD_MIN_LENGTH }));
    if (password !== confirm) return setError(t("reset.mismatch"));
    setError(null);
    setBusy(true);
    const result = await authClient.resetPassword({ newPassword: password, token: token ?? "" });
    setBusy(false);
    if (result.error?.code === "INVALID_TOKEN") return setLinkInvalid(true);
    if (result.error) return setError(authErrorMessage(t, result.error));
    notify.success(t("reset.done"));
    void navigate(`/${locale}/auth`, { replace: true });
  };

  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold text-slate-900">{t("reset.title")}</h1>
        {linkInvalid ? (
          <div className="mt-4 space-y-4">
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
              {t("auth.link_invalid")}
            </p>
            <p className="text-slate-700">{t("reset.ask_again")}</p>
            <Link to={`/${locale}/auth`} className={buttonVariants({ className: "w-full" })}>
              {t("reset.back_to_sign_in")}
            </Link>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
            <Field label={t("reset.new_password")} hint={t("auth.password_hint", { min: PASSWORD_MIN_LENGTH })}>
              <Input type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
            </Field>
            <PasswordStrengthMeter password={password} />
            <Field label={t("reset.confirm_password")} error={error ?? undefined}>
              <Input type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} />
            </Field>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? t("auth.sending") : t("reset.submit")}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}

export default ResetPasswordPage;

/** The strings this page waits for (app/page-routes.tsx): the reset form's own words. */
export const pageStrings = ["reset."];
