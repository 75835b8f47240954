import { Users } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { adminUsersCsvPath } from "../../../shared/api/admin-users";
import { ListPageHeader } from "../../components/list-page/list-page-header";
import { ListResults } from "../../components/list-page/list-results";
import { useListSearch } from "../../components/list-page/list-search";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { ADMIN_USERS_SEARCH, DEFAULT_SORT, useAdminUsers } from "./admin-users-api";
import { UsersFilters } from "./users-filters";
import { UsersTable, type UsersOrder } from "./users-table";

/** /{lang}/users: every account, searched, filtered, sorted and paged by the server; the view lives in the address. */
export function AdminUsersPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  usePageTitle(t("admin_users.title"));
  const { filter: view, page, change, update, changePage, filtered } = useListSearch(ADMIN_USERS_SEARCH);
  const order: UsersOrder = { sort: view.sort ?? DEFAULT_SORT.sort, dir: view.dir ?? DEFAULT_SORT.dir };
  const changeOrder = useCallback((next: UsersOrder) => update(next), [update]);
  const users = useAdminUsers(view, page);
  // Phones get cards; a tablet in portrait has room for the five columns.
  const wide = useMediaQuery("(min-width: 768px)");
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <ListPageHeader title={t("admin_users.title")} subtitle={t("admin_users.subtitle")} csvHref={ADMIN_USERS_SEARCH.csvHref(adminUsersCsvPath, view, locale)} />

      <UsersFilters view={view} onChange={change} />

      <ListResults
        query={users}
        total={(data) => data.total}
        rows={(data) => data.users.length}
        loadError={t("admin_users.load_error")}
        filtered={filtered}
        onClearFilters={() => change(null)}
        empty={
          <>
            <Users aria-hidden="true" className="size-10 text-slate-400" />
            <p>{t("admin_users.empty")}</p>
          </>
        }
        noMatches={t("admin_users.no_matches")}
        pagerLabel={t("admin_users.pagination")}
        onPage={changePage}
        summary={(data) => (
          <p className="text-sm text-slate-600" aria-live="polite">
            {t("admin_users.count", { total: number.format(data.total) })}
          </p>
        )}
      >
        {(data) => <UsersTable users={data.users} order={order} onOrder={changeOrder} wide={wide} busy={users.isFetching} />}
      </ListResults>
    </main>
  );
}
