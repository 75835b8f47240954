import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type SortingState, type Updater } from "@tanstack/react-table";
import { useCallback, useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import type { AdminUserRow, UserSort } from "../../../shared/api/admin-users";
import { DataTable } from "../../components/ui/data-table";
import { formatExact, formatStart } from "../../lib/call-log-format";
import { useLocale } from "../../lib/use-locale";
import { UserBadges } from "./user-badges";

// Sorting is the server's (manualSorting): the table only shows and changes the order in the address.
const features = tableFeatures({ rowSortingFeature });
const helper = createColumnHelper<typeof features, AdminUserRow>();

const FIGURE = "text-end tabular-nums whitespace-nowrap";
/** The table's column ids that sort, each the server's sort of the same name. */
const SORTABLE: Record<string, UserSort> = { email: "email", created: "created", balance: "balance", last_active: "last_active" };

export interface UsersOrder {
  sort: UserSort;
  dir: "asc" | "desc";
}

/** A day and time in the reader's language, or a dash for never. */
export function formatWhen(iso: string | null, locale: string): string {
  return iso ? formatStart(iso, locale) : "—";
}

/** The customer's name over their address, linking to their page. */
function CustomerLink({ account }: { account: AdminUserRow }) {
  const locale = useLocale();
  return (
    <Link to={`/${locale}/users/${encodeURIComponent(account.id)}`} className="block min-w-0 rounded hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
      <span className="block truncate font-medium text-slate-900">{account.name || account.email}</span>
      <span dir="ltr" className="block truncate text-start text-sm text-slate-600">
        {account.email}
      </span>
    </Link>
  );
}

/** A customer as a card on phones: the same facts as the row. */
function UserCard({ account }: { account: AdminUserRow }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <CustomerLink account={account} />
      <UserBadges account={account} className="mt-2" />
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-500">{t("admin_users.column.balance")}</dt>
          <dd className="font-medium tabular-nums">{formatExact(account.balance, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("admin_users.column.created")}</dt>
          <dd>{formatWhen(account.createdAt, locale)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-500">{t("admin_users.column.last_active")}</dt>
          <dd>{formatWhen(account.lastActiveAt, locale)}</dd>
        </div>
      </dl>
    </>
  );
}

/** One page of accounts: a table on wide screens, cards on phones; a sortable heading changes the server's order. */
export function UsersTable({ users, order, onOrder, wide, busy }: { users: AdminUserRow[]; order: UsersOrder; onOrder: (order: UsersOrder) => void; wide: boolean; busy: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("email", { id: "email", header: () => t("admin_users.column.customer"), cell: (info) => <CustomerLink account={info.row.original} /> }),
        helper.display({ id: "status", header: () => t("admin_users.column.status"), cell: (info) => <UserBadges account={info.row.original} /> }),
        helper.accessor("balance", {
          id: "balance",
          header: () => t("admin_users.column.balance"),
          cell: (info) => formatExact(info.getValue(), locale),
          meta: { className: FIGURE },
          sortDescFirst: true,
        }),
        helper.accessor("createdAt", { id: "created", header: () => t("admin_users.column.created"), cell: (info) => formatWhen(info.getValue(), locale), sortDescFirst: true }),
        helper.accessor("lastActiveAt", { id: "last_active", header: () => t("admin_users.column.last_active"), cell: (info) => formatWhen(info.getValue(), locale), sortDescFirst: true }),
      ]),
    [t, locale],
  );
  const sorting: SortingState = useMemo(() => [{ id: order.sort, desc: order.dir === "desc" }], [order]);
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      const [next] = typeof updater === "function" ? updater(sorting) : updater;
      const sort = next ? SORTABLE[next.id] : undefined;
      if (next && sort) onOrder({ sort, dir: next.desc ? "desc" : "asc" });
    },
    [sorting, onOrder],
  );
  const table = useTable({
    features,
    columns,
    data: users,
    getRowId: (account) => account.id,
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
  });
  return <DataTable table={table} label={t("admin_users.table_label")} wide={wide} busy={busy} card={(row) => <UserCard account={row.original} />} />;
}
