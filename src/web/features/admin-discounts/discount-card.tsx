import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminDiscount } from "../../../shared/api/admin-discounts";
import { DiscountActions, type DiscountActionHandlers } from "./discount-actions";
import { CodeCell, StatusBadge, useDiscountFormat, useKindLabel } from "./discount-cells";

/** One code as a card, for phones: the same facts and actions as its row in the table. */
export function DiscountCard({ discount, ...actions }: DiscountActionHandlers & { discount: AdminDiscount }) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const format = useDiscountFormat();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <CodeCell code={discount.code} />
          <p className="text-sm text-slate-700">{kindLabel(discount)}</p>
        </div>
        <StatusBadge status={discount.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div className="col-span-2">
          <dt className="text-slate-500">{t("discounts.column.window")}</dt>
          <dd>{format.window(discount)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("discounts.column.uses")}</dt>
          <dd className="tabular-nums">{format.uses(discount)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("discounts.column.per_customer")}</dt>
          <dd className="tabular-nums">{format.perCustomer(discount)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("discounts.column.minimum")}</dt>
          <dd className="tabular-nums">{format.minimum(discount)}</dd>
        </div>
      </dl>
      <div className="mt-3 border-t border-slate-100 pt-3">
        <DiscountActions discount={discount} {...actions} />
      </div>
    </>
  );
}
