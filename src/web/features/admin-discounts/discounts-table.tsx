import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminDiscount } from "../../../shared/api/admin-discounts";
import { DataTable } from "../../components/ui/data-table";
import { DiscountCard } from "./discount-card";
import { DiscountActions, type DiscountActionHandlers } from "./discount-actions";
import { CodeCell, StatusBadge, useDiscountFormat, useKindLabel } from "./discount-cells";

// The list is short and ordered by the server (newest first): no table feature is needed.
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AdminDiscount>();

const FIGURE = "text-end tabular-nums whitespace-nowrap";

/** Every code: a table row on screens wide enough for eight columns, a card on phones, `empty` when there is none. */
export function DiscountsTable({ discounts, wide, busy, empty, ...actions }: DiscountActionHandlers & { discounts: AdminDiscount[]; wide: boolean; busy: boolean; empty: ReactNode }) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const format = useDiscountFormat();
  const { onEdit, onTogglePause, onDelete, busyId } = actions;
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("code", { id: "code", header: () => t("discounts.column.code"), cell: (info) => <CodeCell code={info.getValue()} /> }),
        helper.display({ id: "kind", header: () => t("discounts.column.discount"), cell: (info) => kindLabel(info.row.original), meta: { className: "whitespace-nowrap" } }),
        helper.display({ id: "window", header: () => t("discounts.column.window"), cell: (info) => <span className="text-slate-700">{format.window(info.row.original)}</span> }),
        helper.display({ id: "uses", header: () => t("discounts.column.uses"), cell: (info) => format.uses(info.row.original), meta: { className: FIGURE } }),
        helper.display({ id: "per_customer", header: () => t("discounts.column.per_customer"), cell: (info) => format.perCustomer(info.row.original), meta: { className: FIGURE } }),
        helper.display({ id: "minimum", header: () => t("discounts.column.minimum"), cell: (info) => format.minimum(info.row.original), meta: { className: FIGURE } }),
        helper.accessor("status", { id: "status", header: () => t("discounts.column.status"), cell: (info) => <StatusBadge status={info.getValue()} /> }),
        helper.display({
          id: "actions",
          header: () => <span className="sr-only">{t("discounts.column.actions")}</span>,
          cell: (info) => <DiscountActions discount={info.row.original} onEdit={onEdit} onTogglePause={onTogglePause} onDelete={onDelete} busyId={busyId} inRow />,
        }),
      ]),
    [t, kindLabel, format, onEdit, onTogglePause, onDelete, busyId],
  );
  const table = useTable({ features, columns, data: discounts, getRowId: (discount) => discount.id });
  return <DataTable table={table} label={t("discounts.table_label")} wide={wide} busy={busy} empty={empty} card={(row) => <DiscountCard discount={row.original} {...actions} />} />;
}
