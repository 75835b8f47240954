import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../lib/i18n/use-translation";
import { z } from "zod";
import { BAN_REASON_MAX, type AdminUserProfile } from "../../../shared/api/admin-users";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/textarea";
import { apiErrorMessage } from "../../lib/api-error-message";
import { useAuth } from "../../lib/auth/use-auth";
import { notify } from "../../lib/notify";
import { useUserActions } from "./admin-users-api";

const reasonSchema = z.object({
  reason: z.string().trim().min(1, "admin_users.reason_required").max(BAN_REASON_MAX, "admin_users.reason_too_long"),
});
type ReasonValues = z.infer<typeof reasonSchema>;

/** Ban or unban: both ask why, and the reason goes to the audit. */
function ReasonDialog({ kind, open, onOpenChange, onDone }: { kind: "ban" | "unban"; open: boolean; onOpenChange: (open: boolean) => void; onDone: (reason: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const form = useForm<ReasonValues>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: "" } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onDone(reason);
      form.reset();
      onOpenChange(false);
    } catch (error) {
      // The server's refusal (own account, banned already) as a toast; the dialog stays open with the reason.
      notify.error(apiErrorMessage(t, error));
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t(`admin_users.${kind}_title`)} description={t(`admin_users.${kind}_description`)}>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <Field label={t("admin_users.reason")} error={errors.reason?.message ? t(errors.reason.message) : undefined}>
            <Textarea rows={3} maxLength={BAN_REASON_MAX} {...form.register("reason")} />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              {t("admin_users.cancel")}
            </Button>
            <Button type="submit" variant={kind === "ban" ? "danger" : "primary"} disabled={isSubmitting}>
              {t(`admin_users.${kind}_confirm`)}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * What an admin may do to the account: grant or remove the admin role, ban or unban with a
 * reason, send the verification email again. Their own account offers neither removing the
 * role nor a ban (the server refuses both too).
 */
export function UserActions({ profile }: { profile: AdminUserProfile }) {
  const { t } = useTranslation();
  const { userId: me } = useAuth();
  const actions = useUserActions(profile.id);
  const [dialog, setDialog] = useState<"ban" | "unban" | null>(null);
  const self = me === profile.id;
  const fail = (error: unknown) => notify.error(apiErrorMessage(t, error));

  return (
    <section aria-labelledby="user-actions">
      <Card>
        <h2 id="user-actions" className="text-lg font-semibold text-slate-900">
          {t("admin_users.actions")}
        </h2>
        {self ? <p className="mt-1 text-sm text-slate-600">{t("admin_users.self_note")}</p> : null}
        <div className="mt-3 flex flex-wrap gap-2">
          {profile.role === "admin" ? (
            self ? null : (
              <Button variant="secondary" disabled={actions.role.isPending} onClick={() => actions.role.mutate("user", { onSuccess: () => notify.success(t("admin_users.role_removed")), onError: fail })}>
                {t("admin_users.remove_admin")}
              </Button>
            )
          ) : (
            <Button variant="secondary" disabled={actions.role.isPending} onClick={() => actions.role.mutate("admin", { onSuccess: () => notify.success(t("admin_users.role_granted")), onError: fail })}>
              {t("admin_users.make_admin")}
            </Button>
          )}
          {profile.banned ? (
            <Button variant="secondary" onClick={() => setDialog("unban")}>
              {t("admin_users.unban")}
            </Button>
          ) : self ? null : (
            <Button variant="danger" onClick={() => setDialog("ban")}>
              {t("admin_users.ban")}
            </Button>
          )}
          {profile.emailVerified ? null : (
            <Button
              variant="secondary"
              disabled={actions.verification.isPending}
              onClick={() => actions.verification.mutate(undefined, { onSuccess: () => notify.success(t("admin_users.verification_sent", { email: profile.email })), onError: fail })}
            >
              {t("admin_users.resend_verification")}
            </Button>
          )}
        </div>
      </Card>
      <ReasonDialog
        kind="ban"
        open={dialog === "ban"}
        onOpenChange={(open) => setDialog(open ? "ban" : null)}
        onDone={async (reason) => {
          const result = await actions.ban.mutateAsync(reason);
          notify.success(t("admin_users.banned_done", { sessions: String(result.sessionsEnded), calls: String(result.callsEnded) }));
        }}
      />
      <ReasonDialog
        kind="unban"
        open={dialog === "unban"}
        onOpenChange={(open) => setDialog(open ? "unban" : null)}
        onDone={async (reason) => {
          await actions.unban.mutateAsync(reason);
          notify.success(t("admin_users.unbanned_done"));
        }}
      />
    </section>
  );
}
