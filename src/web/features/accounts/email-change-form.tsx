import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { z } from "zod";
import { canonicalEmail } from "../../../shared/accounts/canonical-email";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { authClient } from "../../lib/auth-client";
import { useLocale } from "../../lib/use-locale";
import { authErrorMessage } from "./auth-error";
import { FormError } from "./form-error";

function emailChangeSchema(current: string) {
  return z.object({
    newEmail: z
      .string()
      .trim()
      .min(1, "auth.email_required")
      .pipe(z.email("auth.email_invalid"))
      .refine((email) => canonicalEmail(email) !== canonicalEmail(current), "profile.email_same"),
  });
}
type EmailChangeValues = z.infer<ReturnType<typeof emailChangeSchema>>;

/**
 * A new email address is approved from the current one (a link goes there first), then
 * confirmed from itself; until then the account keeps signing in with the current one,
 * which is told afterwards.
 */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<EmailChangeValues>({ resolver: zodResolver(emailChangeSchema(currentEmail)), defaultValues: { newEmail: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ newEmail }) => {
    const result = await authClient.changeEmail({ newEmail: canonicalEmail(newEmail), callbackURL: `/${locale}/profile` });
    if (result.error) return form.setError("root", { message: authErrorMessage(t, result.error) });
    setSentTo(canonicalEmail(newEmail));
    form.reset();
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <Field label={t("profile.new_email")} hint={t("profile.new_email_hint")} error={errors.newEmail?.message ? t(errors.newEmail.message) : undefined}>
        <Input type="email" autoComplete="email" dir="ltr" {...form.register("newEmail")} />
      </Field>
      <FormError message={errors.root?.message} />
      {sentTo ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {t("profile.email_change_sent", { email: currentEmail, new_email: sentTo })}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" disabled={isSubmitting}>
        {isSubmitting ? t("auth.sending") : t("profile.change_email")}
      </Button>
    </form>
  );
}
