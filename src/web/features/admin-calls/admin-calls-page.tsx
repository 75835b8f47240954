import { Download, PhoneOff } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonVariants } from "../../components/ui/button";
import { Pager } from "../../components/ui/pager";
import { PageSpinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { useSearchView } from "../../lib/use-search-view";
import { apiErrorMessage } from "../../lib/api-error-message";
import { AdminCallDetailDialog } from "./admin-call-detail";
import { CallCreditPolicyCard } from "./call-credit-policy";
import { ADMIN_CALLS_SEARCH, adminCallsCsvHref, applyAdminCallsChange, isFiltered, rangeIsBackwards, useAdminCalls } from "./admin-calls-api";
import { AdminCallsFilters, type AdminCallsFilterChange } from "./admin-calls-filters";
import { ADMIN_CALLS_PREFIXES, useAdminCallsStrings } from "./admin-calls-format";
import { AdminCallsTable } from "./admin-calls-table";
import { AdminCallsTotals } from "./admin-calls-totals";
import { PAGE_WIDTH } from "../../components/ui/page-width";

const EMPTY_BOX = "flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-slate-200";

/** /{lang}/calls: every customer's calls, newest first, filtered, totalled with the margin, paged and exportable. */
export function AdminCallsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useAdminCallsStrings();
  usePageTitle(t("admin_calls.title"));
  const { filter, page, changeFilter: change, changePage } = useSearchView(ADMIN_CALLS_SEARCH);
  const changeFilter = useCallback((next: AdminCallsFilterChange) => change((current) => applyAdminCallsChange(current, next)), [change]);
  const calls = useAdminCalls(filter, page);
  // Phones get cards: ten columns cannot be read at 390 px.
  const wide = useMediaQuery("(min-width: 1024px)");
  const [openSid, setOpenSid] = useState<string | null>(null);

  const filtered = isFiltered(filter);
  const data = calls.data;

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("admin_calls.title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("admin_calls.subtitle")}</p>
        </div>
        <a href={adminCallsCsvHref(filter, locale)} download className={buttonVariants({ variant: "secondary" })}>
          <Download aria-hidden="true" className="size-4" />
          {t("admin_calls.export_csv")}
        </a>
      </header>

      <AdminCallsFilters filter={filter} onChange={changeFilter} />

      {calls.isPending && !rangeIsBackwards(filter) ? <PageSpinner /> : null}
      {calls.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-red-800">
          <p>
            {t("admin_calls.load_error")} {apiErrorMessage(t, calls.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void calls.refetch()}>
            {t("history.retry")}
          </Button>
        </div>
      ) : null}

      {data ? <AdminCallsTotals totals={data.totals} /> : null}

      {data && data.totals.calls === 0 && !filtered ? (
        <div className={EMPTY_BOX}>
          <PhoneOff aria-hidden="true" className="size-10 text-slate-400" />
          <p className="text-lg font-medium text-slate-900">{t("admin_calls.empty")}</p>
          <p className="text-slate-600">{t("admin_calls.empty_hint")}</p>
        </div>
      ) : null}
      {data && data.totals.calls === 0 && filtered ? (
        <div className={EMPTY_BOX}>
          <p className="text-slate-700">{t("history.no_matches")}</p>
          <Button variant="secondary" onClick={() => changeFilter(null)}>
            {t("history.clear_filters")}
          </Button>
        </div>
      ) : null}
      {data && data.calls.length === 0 && data.totals.calls > 0 ? (
        // A page past the end (an old link, or calls gone from a status since): offer the first.
        <div className={EMPTY_BOX}>
          <p className="text-slate-700">{t("history.page_past_end")}</p>
          <Button variant="secondary" onClick={() => changePage(1)}>
            {t("history.first_page")}
          </Button>
        </div>
      ) : null}

      {data && data.calls.length > 0 ? (
        <div className={cn("space-y-3 transition-opacity", calls.isPlaceholderData && "opacity-60")} aria-busy={calls.isFetching}>
          <AdminCallsTable calls={data.calls} onOpen={setOpenSid} wide={wide} />
          <Pager
            page={data.page}
            pageCount={data.pageCount}
            onChange={changePage}
            prefix="history"
          />
        </div>
      ) : null}

      <CallCreditPolicyCard />

      <AdminCallDetailDialog callSid={openSid} onClose={() => setOpenSid(null)} />
    </main>
  );
}

export default AdminCallsPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = ADMIN_CALLS_PREFIXES;
