import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { Fragment, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { AdminPayment } from "../../../shared/api/admin-payments";
import { Ltr } from "../../components/ui/ltr";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table";
import { useLocale } from "../../lib/use-locale";
import { CreditCell, PaymentHistory, PaymentStatusBadge, ProviderName, RefundButton } from "./payment-cells";
import { formatWhen, usd } from "./payment-format";

// The server filters, sorts and pages: no table feature is needed.
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AdminPayment>();
const FIGURE = "text-end tabular-nums whitespace-nowrap";

/** One page of payments as a table; a payment's refunds and disputes sit in a row under it. */
export function PaymentsTable({ payments, onRefund }: { payments: AdminPayment[]; onRefund: (payment: AdminPayment) => void }) {
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
        helper.accessor("paid", { id: "paid", header: () => t("admin_payments.column.paid"), cell: (info) => usd(info.getValue(), locale), meta: { className: FIGURE } }),
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
  const classOf = (meta: unknown) => (meta as { className?: string } | undefined)?.className;

  return (
    <Table label={t("admin_payments.table_label")}>
      <TableHead>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) => (
              <TableHeaderCell key={header.id} className={classOf(header.column.columnDef.meta)}>
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </TableHeaderCell>
            ))}
          </TableRow>
        ))}
      </TableHead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <Fragment key={row.id}>
            <TableRow>
              {row.getAllCells().map((cell) => (
                <TableCell key={cell.id} className={classOf(cell.column.columnDef.meta)}>
                  <table.FlexRender cell={cell} />
                </TableCell>
              ))}
            </TableRow>
            {row.original.refunds.length > 0 || row.original.disputes.length > 0 ? (
              <TableRow className="bg-slate-50">
                <TableCell colSpan={row.getAllCells().length} className="ps-8">
                  <PaymentHistory payment={row.original} />
                </TableCell>
              </TableRow>
            ) : null}
          </Fragment>
        ))}
      </tbody>
    </Table>
  );
}
