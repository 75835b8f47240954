import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminPayment } from "../../../shared/api/admin-payments";
import { Ltr } from "../../components/ui/ltr";
import { DataTable } from "../../components/ui/data-table";
import { useLocale } from "../../lib/use-locale";
import { PaymentCard } from "./payment-card";
import { CreditCell, PaidAmount, PaymentHistory, PaymentStatusBadge, ProviderName, RefundButton } from "./payment-cells";
import { formatWhen, usd } from "./payment-format";

// The server filters, sorts and pages: no table feature is needed.
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AdminPayment>();
const FIGURE = "text-end tabular-nums whitespace-nowrap";

/** One page of payments: a table (a payment's refunds and disputes in a row under it) on wide screens, cards on phones. */
export function PaymentsTable({ payments, onRefund, wide }: { payments: AdminPayment[]; onRefund: (payment: AdminPayment) => void; wide: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("createdAt", {
          id: "date",
          header: () => t("admin_payments.column.date"),
          cell: (info) => (
            <time dateTime={info.getValue()} className="whitespace-nowrap">
              {formatWhen(info.getValue(), locale)}
            </time>
          ),
        }),
        helper.accessor((payment) => payment.customer.email, { id: "customer", header: () => t("admin_payments.column.customer"), cell: (info) => <Ltr className="break-all">{info.getValue()}</Ltr> }),
        helper.accessor("provider", { id: "provider", header: () => t("admin_payments.column.provider"), cell: (info) => <ProviderName provider={info.getValue()} /> }),
        helper.accessor("status", { id: "status", header: () => t("admin_payments.column.status"), cell: (info) => <PaymentStatusBadge status={info.getValue()} /> }),
        helper.accessor("paid", { id: "paid", header: () => t("admin_payments.column.paid"), cell: (info) => <PaidAmount payment={info.row.original} />, meta: { className: FIGURE } }),
        helper.accessor("credit", { id: "credit", header: () => t("admin_payments.column.credit"), cell: (info) => <CreditCell payment={info.row.original} />, meta: { className: FIGURE } }),
        helper.accessor("refunded", { id: "refunded", header: () => t("admin_payments.column.refunded"), cell: (info) => usd(info.getValue(), locale), meta: { className: FIGURE } }),
        helper.accessor("discountCode", { id: "code", header: () => t("admin_payments.column.code"), cell: (info) => (info.getValue() ? <Ltr className="font-mono text-sm">{info.getValue()}</Ltr> : "—") }),
        helper.display({
          id: "actions",
          header: () => <span className="sr-only">{t("admin_payments.column.actions")}</span>,
          cell: (info) => <RefundButton payment={info.row.original} onRefund={onRefund} />,
        }),
      ]),
    [t, locale, onRefund],
  );
  const table = useTable({ features, columns, data: payments, getRowId: (payment) => payment.id });
  return (
    <DataTable
      table={table}
      label={t("admin_payments.table_label")}
      wide={wide}
      rowDetails={(row) => (row.original.refunds.length > 0 || row.original.disputes.length > 0 ? <PaymentHistory payment={row.original} /> : null)}
      card={(row) => <PaymentCard payment={row.original} onRefund={onRefund} />}
      cardClassName={() => "space-y-3"}
    />
  );
}
