import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import type { AdminDiscount } from "../../../shared/api/admin-discounts";
import { ConfirmDeleteDialog } from "../../components/ui/confirm-delete-dialog";
import { ltrText } from "../../components/ui/ltr";
import { apiErrorMessage } from "../../lib/api-error-message";
import { useDeleteDiscount } from "./discounts-api";

/** Asks before deleting: a deleted code stops working at once, though payments keep it. */
export function DeleteDiscountDialog({ discount, onClose }: { discount: AdminDiscount | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteDiscount();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!discount) return;
    remove.mutate(discount.id, {
      onSuccess: () => {
        notify.success(t("discounts.deleted", { code: ltrText(discount.code) }));
        close();
      },
    });
  };
  return (
    <ConfirmDeleteDialog
      open={discount !== null}
      title={discount ? t("discounts.delete_title", { code: ltrText(discount.code) }) : ""}
      description={t("discounts.delete_description")}
      error={remove.isError ? apiErrorMessage(t, remove.error) : null}
      pending={remove.isPending}
      cancelLabel={t("discounts.cancel")}
      confirmLabel={t("discounts.delete_confirm")}
      onCancel={close}
      onConfirm={confirm}
    />
  );
}
