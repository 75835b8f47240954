import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Ltr } from "../../components/ui/ltr";
import { apiErrorMessage } from "../../lib/api-error-message";
import { useLocale } from "../../lib/use-locale";
import { useDeleteAccount } from "./profile-api";
import { signOutEverywhere } from "./sign-out";

/**
 * Deleting the account: what goes, what stays and why, then a dialog where the person types
 * their email address. The server refuses during a live call; once it is done this browser
 * signs out (every session already ended on the server).
 */
export function DeleteAccount({ email }: { email: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>{t("profile.delete_removed")}</p>
      <p>{t("profile.delete_kept")}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t("profile.delete_button")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent title={t("profile.delete_title")} description={t("profile.delete_confirm_description")}>
            <DeleteForm email={email} onCancel={() => setOpen(false)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

function DeleteForm({ email, onCancel }: { email: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return setError(t("errors.deletion_not_confirmed"));
    setError(null);
    remove.mutate(typed, {
      onSuccess: () => void signOutEverywhere(locale),
      onError: (failure) => setError(apiErrorMessage(t, failure)),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field
        label={
          <>
            {t("profile.delete_type_email")} <Ltr className="break-all font-semibold">{email}</Ltr>
          </>
        }
        error={error ?? undefined}
      >
        <Input type="email" autoComplete="off" dir="ltr" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t("call_section.cancel")}
        </Button>
        <Button type="submit" variant="danger" disabled={!matches || remove.isPending}>
          {remove.isPending ? t("profile.deleting") : t("profile.delete_confirm")}
        </Button>
      </div>
    </form>
  );
}
