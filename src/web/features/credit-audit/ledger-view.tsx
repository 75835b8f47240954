import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { CreditLedgerRow } from "../../../shared/api/credit-audit";
import { Ltr } from "../../components/ui/ltr";
import { DataTable } from "../../components/ui/data-table";
import { useLocale } from "../../lib/use-locale";
import { formatExactUsd, formatSignedUsd, formatTime } from "./audit-format";

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, CreditLedgerRow>();
const FIGURE = "text-end tabular-nums whitespace-nowrap";

function Time({ iso }: { iso: string }) {
  const locale = useLocale();
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatTime(iso, locale)}
    </time>
  );
}

/** One ledger entry as a card, for phones: the same facts as its row in the table, stacked. */
function LedgerCard({ row, kind }: { row: CreditLedgerRow; kind: (value: CreditLedgerRow["kind"]) => string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-medium text-slate-900">{row.email}</p>
          <p className="text-sm text-slate-600">
            <Time iso={row.createdAt} />
          </p>
        </div>
        <p className="text-end font-semibold tabular-nums">
          <Ltr>{formatSignedUsd(row.amount, locale)}</Ltr>
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-500">{t("credit_audit.column.kind")}</dt>
          <dd>{kind(row.kind)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("credit_audit.column.balance_after")}</dt>
          <dd className="tabular-nums">
            <Ltr>{formatExactUsd(row.balanceAfter, locale)}</Ltr>
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-500">{t("credit_audit.column.reference")}</dt>
          <dd>
            <Ltr className="break-all font-mono text-xs">{row.reference}</Ltr>
          </dd>
        </div>
        {row.note ? (
          <div className="col-span-2">
            <dt className="text-slate-500">{t("credit_audit.column.note")}</dt>
            <dd>{row.note}</dd>
          </div>
        ) : null}
        {row.createdBy ? (
          <div className="col-span-2">
            <dt className="text-slate-500">{t("credit_audit.column.created_by")}</dt>
            <dd className="break-all">{row.createdBy}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}

/** One page of every customer's ledger: a table on wide screens, cards on phones. */
export function LedgerView({ entries, wide }: { entries: CreditLedgerRow[]; wide: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const kind = (value: CreditLedgerRow["kind"]) => t(`credit_audit.kind.${value}`);
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("createdAt", { id: "time", header: () => t("credit_audit.column.time"), cell: (info) => <Time iso={info.getValue()} /> }),
        helper.accessor("email", { id: "email", header: () => t("credit_audit.column.customer"), cell: (info) => <span className="break-all">{info.getValue()}</span> }),
        helper.accessor("kind", { id: "kind", header: () => t("credit_audit.column.kind"), cell: (info) => kind(info.getValue()) }),
        helper.accessor("reference", { id: "reference", header: () => t("credit_audit.column.reference"), cell: (info) => <Ltr className="break-all font-mono text-xs">{info.getValue()}</Ltr> }),
        helper.accessor("amount", { id: "amount", header: () => t("credit_audit.column.amount"), cell: (info) => <Ltr>{formatSignedUsd(info.getValue(), locale)}</Ltr>, meta: { className: FIGURE } }),
        helper.accessor("balanceAfter", {
          id: "after",
          header: () => t("credit_audit.column.balance_after"),
          cell: (info) => <Ltr>{formatExactUsd(info.getValue(), locale)}</Ltr>,
          meta: { className: FIGURE },
        }),
        helper.accessor("note", { id: "note", header: () => t("credit_audit.column.note"), cell: (info) => info.getValue() ?? "" }),
        helper.accessor("createdBy", { id: "by", header: () => t("credit_audit.column.created_by"), cell: (info) => <span className="break-all">{info.getValue() ?? ""}</span> }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `kind` only wraps t
    [t, locale],
  );
  const table = useTable({ features, columns, data: entries, getRowId: (row) => String(row.id) });
  return <DataTable table={table} label={t("credit_audit.ledger_label")} wide={wide} card={(row) => <LedgerCard row={row.original} kind={kind} />} />;
}
