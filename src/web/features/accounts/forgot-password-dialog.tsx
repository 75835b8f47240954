import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { isPlausibleEmail } from "../../../shared/accounts/credentials";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { authClient } from "../../lib/auth-client";
import { useLocale } from "../../lib/use-locale";
import { authErrorMessage } from "./auth-error";

/** Asks for a reset link by email; the answer is the same whether or not the account exists. */
export function ForgotPasswordDialog({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(initialEmail);
  const [state, setState] = useState<{ kind: "idle" | "sending" | "sent" } | { kind: "error"; message: string }>({ kind: "idle" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isPlausibleEmail(email)) return setState({ kind: "error", message: t("auth.email_invalid") });
    setState({ kind: "sending" });
    const { error } = await authClient.requestPasswordReset({ email: email.trim(), redirectTo: `/${locale}/reset-password` });
    setState(error ? { kind: "error", message: authErrorMessage(t, error) } : { kind: "sent" });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setEmail(initialEmail);
          setState({ kind: "idle" });
        }
      }}
    >
      <DialogTrigger asChild>
        <button type="button" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          {t("auth.forgot_password")}
        </button>
      </DialogTrigger>
      <DialogContent title={t("auth.forgot.title")} description={t("auth.forgot.description")}>
        {state.kind === "sent" ? (
          <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
            {t("auth.forgot.sent", { email: email.trim() })}
          </p>
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
            <Field label={t("auth.email")} error={state.kind === "error" ? state.message : undefined}>
              <Input type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
            </Field>
            <Button type="submit" className="w-full" disabled={state.kind === "sending"}>
              {state.kind === "sending" ? t("auth.sending") : t("auth.forgot.submit")}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
