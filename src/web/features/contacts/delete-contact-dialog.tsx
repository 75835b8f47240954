import { useTranslation } from "../../lib/i18n/use-translation";
import type { Contact } from "../../../shared/api/contacts";
import { ConfirmDeleteDialog } from "../../components/ui/confirm-delete-dialog";
import { isolateText, ltrText } from "../../components/ui/ltr";
import { apiErrorMessage } from "../../lib/api-error-message";
import { notify } from "../../lib/notify";
import { formatPhoneNumber } from "../../lib/phone-format";
import { useDeleteContact } from "./contacts-api";

/** Asks before deleting a contact: nothing else is lost (calls to the number stay in history). */
export function DeleteContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteContact();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!contact) return;
    remove.mutate(contact.id, {
      onSuccess: () => {
        notify.success(t("contacts.delete.done", { name: isolateText(contact.name) }));
        close();
      },
    });
  };
  return (
    <ConfirmDeleteDialog
      open={contact !== null}
      title={contact ? t("contacts.delete.title", { name: isolateText(contact.name) }) : ""}
      description={contact ? t("contacts.delete.description", { number: ltrText(formatPhoneNumber(contact.phone)) }) : ""}
      error={remove.isError ? apiErrorMessage(t, remove.error) : null}
      pending={remove.isPending}
      cancelLabel={t("contacts.cancel")}
      confirmLabel={t("contacts.delete.confirm")}
      onCancel={close}
      onConfirm={confirm}
    />
  );
}
