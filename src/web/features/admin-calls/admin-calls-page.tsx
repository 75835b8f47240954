import { PhoneOff } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { adminCallsCsvPath } from "../../../shared/api/admin-calls";
import { ListPageHeader } from "../../components/list-page/list-page-header";
import { ListResults } from "../../components/list-page/list-results";
import { useListSearch } from "../../components/list-page/list-search";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { AdminCallDetailDialog } from "./admin-call-detail";
import { CallCreditPolicyCard } from "./call-credit-policy";
import { ADMIN_CALLS_SEARCH, rangeIsBackwards, useAdminCalls } from "./admin-calls-api";
import { AdminCallsFilters } from "./admin-calls-filters";
import { ADMIN_CALLS_PREFIXES, useAdminCallsStrings } from "./admin-calls-format";
import { AdminCallsTable } from "./admin-calls-table";
import { AdminCallsTotals } from "./admin-calls-totals";
import { PAGE_WIDTH } from "../../components/ui/page-width";

/** /{lang}/calls: every customer's calls, newest first, filtered, totalled with the margin, paged and exportable. */
export function AdminCallsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useAdminCallsStrings();
  usePageTitle(t("admin_calls.title"));
  const { filter, page, change, changePage, filtered } = useListSearch(ADMIN_CALLS_SEARCH);
  const calls = useAdminCalls(filter, page);
  // Phones get cards: ten columns cannot be read at 390 px.
  const wide = useMediaQuery("(min-width: 1024px)");
  const [openSid, setOpenSid] = useState<string | null>(null);

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <ListPageHeader title={t("admin_calls.title")} subtitle={t("admin_calls.subtitle")} csvHref={ADMIN_CALLS_SEARCH.csvHref(adminCallsCsvPath, filter, locale)} />

      <AdminCallsFilters filter={filter} onChange={change} />

      <ListResults
        query={calls}
        asking={!rangeIsBackwards(filter)}
        total={(data) => data.totals.calls}
        rows={(data) => data.calls.length}
        loadError={t("admin_calls.load_error")}
        filtered={filtered}
        onClearFilters={() => change(null)}
        empty={
          <>
            <PhoneOff aria-hidden="true" className="size-10 text-slate-400" />
            <p className="text-lg font-medium text-slate-900">{t("admin_calls.empty")}</p>
            <p className="text-slate-600">{t("admin_calls.empty_hint")}</p>
          </>
        }
        noMatches={t("history.no_matches")}
        pagerLabel={t("history.pagination")}
        onPage={changePage}
        summary={(data) => <AdminCallsTotals totals={data.totals} />}
      >
        {(data) => <AdminCallsTable calls={data.calls} onOpen={setOpenSid} wide={wide} />}
      </ListResults>

      <CallCreditPolicyCard />

      <AdminCallDetailDialog callSid={openSid} onClose={() => setOpenSid(null)} />
    </main>
  );
}

export default AdminCallsPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = ADMIN_CALLS_PREFIXES;
