import { Pause, Pencil, Play, Trash2 } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminDiscount } from "../../../shared/api/admin-discounts";
import { Button } from "../../components/ui/button";

export interface DiscountActionHandlers {
  onEdit: (discount: AdminDiscount) => void;
  onTogglePause: (discount: AdminDiscount) => void;
  onDelete: (discount: AdminDiscount) => void;
  /** The code whose pause or resume is on its way, to keep its button from being pressed twice. */
  busyId: string | null;
}

/** Edit, Pause or Resume, Delete: each names its code for screen readers. */
export function DiscountActions({
  discount,
  onEdit,
  onTogglePause,
  onDelete,
  busyId,
  inRow = false,
}: DiscountActionHandlers & { discount: AdminDiscount; inRow?: boolean }) {
  const { t } = useTranslation();
  // Names for screen readers: plain text, no direction marks to be spoken or matched.
  const named = { code: discount.code };
  return (
    <div className={inRow ? "flex flex-nowrap justify-end gap-1.5" : "flex flex-wrap justify-end gap-1.5"}>
      <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={() => onEdit(discount)} aria-label={t("discounts.edit_named", named)}>
        <Pencil aria-hidden="true" className="size-4" />
        {t("discounts.edit")}
      </Button>
      <Button variant="secondary" size="sm" className="whitespace-nowrap" disabled={busyId === discount.id} onClick={() => onTogglePause(discount)} aria-label={t(discount.paused ? "discounts.resume_named" : "discounts.pause_named", named)}>
        {discount.paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
        {discount.paused ? t("discounts.resume") : t("discounts.pause")}
      </Button>
      <Button variant="ghost" size="sm" className="whitespace-nowrap text-red-700 hover:bg-red-50" onClick={() => onDelete(discount)} aria-label={t("discounts.delete_named", named)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t("discounts.delete")}
      </Button>
    </div>
  );
}
