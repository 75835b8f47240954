import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import type { AdminDiscount } from "../../../shared/api/admin-discounts";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
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
    <Dialog open={discount !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {discount ? (
        <DialogContent role="alertdialog" title={t("discounts.delete_title", { code: ltrText(discount.code) })} description={t("discounts.delete_description")}>
          {remove.isError ? (
            <p role="alert" className="mb-4 text-sm text-red-700">
              {apiErrorMessage(t, remove.error)}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              {t("discounts.cancel")}
            </Button>
            <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
              {t("discounts.delete_confirm")}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
