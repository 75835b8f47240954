import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { Payment } from "../../../shared/api/payments";
import { Ltr } from "../../components/ui/ltr";
import { DataTable } from "../../components/ui/data-table";
import { useLocale } from "../../lib/use-locale";
import { PaymentCard } from "./payment-card";
import { formatPaymentDate, providerKey } from "./payment-format";
import { AmountCredited, AmountPaid, PaymentStatusBadge } from "./payment-status";
import { ReceiptLink } from "./receipt-link";

// The server sends the customer's payments newest first: no table feature is needed.
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Payment>();

/** Figures aligned to the end in reading order, so they line up in both directions. */
const FIGURE = "text-end tabular-nums whitespace-nowrap";

/** The customer's payments: a table on wide screens, cards on phones, `empty` when there are none. */
export function PaymentsTable({ payments, wide, empty }: { payments: Payment[]; wide: boolean; empty: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("createdAt", {
          id: "date",
          header: () => t("buy.column.date"),
          cell: (info) => (
            <time dateTime={info.getValue()} className="whitespace-nowrap">
              {formatPaymentDate(info.getValue(), locale)}
            </time>
          ),
        }),
        // A purchase that ended unpaid shows no amount as paid, credited or bonused: what it was for is no money.
        helper.accessor("amount", { id: "paid", header: () => t("buy.column.paid"), cell: (info) => <AmountPaid payment={info.row.original} />, meta: { className: FIGURE } }),
        helper.accessor("credit", { id: "credit", header: () => t("buy.column.credit"), cell: (info) => <AmountCredited payment={info.row.original} part="credit" />, meta: { className: FIGURE } }),
        helper.accessor("bonus", { id: "bonus", header: () => t("buy.column.bonus"), cell: (info) => <AmountCredited payment={info.row.original} part="bonus" />, meta: { className: FIGURE } }),
        helper.accessor("discountCode", {
          id: "code",
          header: () => t("buy.column.code"),
          cell: (info) => {
            const code = info.getValue();
            return code ? <Ltr className="font-mono">{code}</Ltr> : "—";
          },
        }),
        helper.accessor("status", { id: "status", header: () => t("buy.column.status"), cell: (info) => <PaymentStatusBadge status={info.getValue()} /> }),
        helper.accessor("provider", { id: "provider", header: () => t("buy.column.provider"), cell: (info) => t(providerKey(info.getValue())) }),
        helper.display({
          id: "receipt",
          header: () => <span className="sr-only">{t("buy.column.receipt")}</span>,
          cell: (info) => <ReceiptLink payment={info.row.original} date={formatPaymentDate(info.row.original.createdAt, locale)} />,
        }),
      ]),
    [t, locale],
  );
  const table = useTable({ features, columns, data: payments, getRowId: (payment) => payment.id });
  return <DataTable table={table} label={t("buy.table_label")} wide={wide} empty={empty} card={(row) => <PaymentCard payment={row.original} />} />;
}
