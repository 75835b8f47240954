import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { AlertTriangle } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { CreditAccount } from "../../../shared/api/credit-audit";
import { Ltr } from "../../components/ui/ltr";
import { DataTable } from "../../components/ui/data-table";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { formatExactUsd, formatSignedUsd } from "./audit-format";

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, CreditAccount>();
const FIGURE = "text-end tabular-nums whitespace-nowrap";

function DriftBadge({ account }: { account: CreditAccount }) {
  const { t } = useTranslation();
  return account.drifted ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-sm font-medium text-red-800">
      <AlertTriangle aria-hidden="true" className="size-3.5" />
      {t("credit_audit.drifted")}
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-sm text-emerald-800">{t("credit_audit.reconciled")}</span>
  );
}

const money = (value: string | null, locale: string) => (value === null ? "—" : <Ltr>{formatExactUsd(value, locale)}</Ltr>);

/** One account as a card, for phones: the figures that show a drift, and the drift in words. */
function AccountCard({ account }: { account: CreditAccount }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 break-all font-medium text-slate-900">{account.email}</p>
        <DriftBadge account={account} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-500">{t("credit_audit.column.balance")}</dt>
          <dd className="tabular-nums">{money(account.balance, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("credit_audit.column.ledger_sum")}</dt>
          <dd className="tabular-nums">{money(account.ledgerSum, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("credit_audit.column.last_balance_after")}</dt>
          <dd className="tabular-nums">{money(account.lastBalanceAfter, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("credit_audit.column.difference")}</dt>
          <dd className={cn("tabular-nums", account.drifted && "font-semibold text-red-700")}>
            <Ltr>{formatSignedUsd(account.difference, locale)}</Ltr>
          </dd>
        </div>
      </dl>
    </>
  );
}

/** The reconciliation page: a table on wide screens, cards on phones; drifted accounts are flagged in words, not colour alone. */
export function AccountsView({ accounts, wide }: { accounts: CreditAccount[]; wide: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("email", { id: "email", header: () => t("credit_audit.column.customer"), cell: (info) => <span className="break-all">{info.getValue()}</span> }),
        helper.accessor("balance", { id: "balance", header: () => t("credit_audit.column.balance"), cell: (info) => money(info.getValue(), locale), meta: { className: FIGURE } }),
        helper.accessor("ledgerSum", { id: "ledger", header: () => t("credit_audit.column.ledger_sum"), cell: (info) => money(info.getValue(), locale), meta: { className: FIGURE } }),
        helper.accessor("lastBalanceAfter", {
          id: "last",
          header: () => t("credit_audit.column.last_balance_after"),
          cell: (info) => money(info.getValue(), locale),
          meta: { className: FIGURE },
        }),
        helper.accessor("difference", {
          id: "difference",
          header: () => t("credit_audit.column.difference"),
          cell: (info) => <Ltr>{formatSignedUsd(info.getValue(), locale)}</Ltr>,
          meta: { className: FIGURE },
        }),
        helper.accessor("entries", { id: "entries", header: () => t("credit_audit.column.entries"), cell: (info) => new Intl.NumberFormat(locale).format(info.getValue()), meta: { className: FIGURE } }),
        helper.accessor("drifted", { id: "state", header: () => t("credit_audit.column.state"), cell: (info) => <DriftBadge account={info.row.original} /> }),
      ]),
    [t, locale],
  );
  const table = useTable({ features, columns, data: accounts, getRowId: (account) => account.userId });
  return (
    <DataTable
      table={table}
      label={t("credit_audit.accounts_label")}
      wide={wide}
      rowClassName={(row) => (row.original.drifted ? "bg-red-50" : undefined)}
      card={(row) => <AccountCard account={row.original} />}
      cardClassName={(row) => (row.original.drifted ? "ring-2 ring-red-300" : undefined)}
    />
  );
}
