import { Users } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Pager } from "../../components/ui/pager";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { PageSpinner } from "../../components/ui/spinner";
import { apiErrorMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/cn";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { useSearchView } from "../../lib/use-search-view";
import { ADMIN_USERS_SEARCH, applyAdminUsersChange, DEFAULT_SORT, isFiltered, useAdminUsers } from "./admin-users-api";
import { UsersFilters, type AdminUsersChange } from "./users-filters";
import { UsersTable, type UsersOrder } from "./users-table";

const EMPTY_BOX = "flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-slate-200";

/** /{lang}/users: every account, searched, filtered, sorted and paged by the server; the view lives in the address. */
export function AdminUsersPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t("admin_users.title"));
  const { filter: view, page, changeFilter, changePage } = useSearchView(ADMIN_USERS_SEARCH);
  const change = useCallback((next: AdminUsersChange) => changeFilter((current) => applyAdminUsersChange(current, next)), [changeFilter]);
  const order: UsersOrder = { sort: view.sort ?? DEFAULT_SORT.sort, dir: view.dir ?? DEFAULT_SORT.dir };
  const changeOrder = useCallback((next: UsersOrder) => changeFilter((current) => ({ ...current, ...next })), [changeFilter]);
  const users = useAdminUsers(view, page);
  // Phones get cards; a tablet in portrait has room for the five columns.
  const wide = useMediaQuery("(min-width: 768px)");
  const number = new Intl.NumberFormat(i18n.language);
  const data = users.data;

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("admin_users.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("admin_users.subtitle")}</p>
      </header>

      <UsersFilters view={view} onChange={change} />

      {users.isPending ? <PageSpinner /> : null}
      {users.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-red-800">
          <p>
            {t("admin_users.load_error")} {apiErrorMessage(t, users.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void users.refetch()}>
            {t("admin_users.retry")}
          </Button>
        </div>
      ) : null}

      {data ? (
        <p className="text-sm text-slate-600" aria-live="polite">
          {t("admin_users.count", { total: number.format(data.total) })}
        </p>
      ) : null}

      {data && data.total === 0 ? (
        <div className={EMPTY_BOX}>
          <Users aria-hidden="true" className="size-10 text-slate-400" />
          <p className="text-slate-700">{isFiltered(view) ? t("admin_users.no_matches") : t("admin_users.empty")}</p>
          {isFiltered(view) ? (
            <Button variant="secondary" onClick={() => change(null)}>
              {t("admin_users.clear_filters")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {data && data.users.length === 0 && data.total > 0 ? (
        // A page past the end (an old link, or accounts gone from the filter since): offer the first.
        <div className={EMPTY_BOX}>
          <p className="text-slate-700">{t("admin_users.page_past_end")}</p>
          <Button variant="secondary" onClick={() => changePage(1)}>
            {t("admin_users.first_page")}
          </Button>
        </div>
      ) : null}

      {data && data.users.length > 0 ? (
        <div className={cn("space-y-3 transition-opacity", users.isPlaceholderData && "opacity-60")}>
          <UsersTable users={data.users} order={order} onOrder={changeOrder} wide={wide} busy={users.isFetching} />
          <Pager page={data.page} pageCount={data.pageCount} onChange={changePage} prefix="admin_users" />
        </div>
      ) : null}
    </main>
  );
}

