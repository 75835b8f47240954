import { History } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { callHistoryCsvPath, type CallLog } from "../../../shared/api/calls";
import { ListPageHeader } from "../../components/list-page/list-page-header";
import { ListResults } from "../../components/list-page/list-results";
import { useListSearch } from "../../components/list-page/list-search";
import { buttonVariants } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { localePath, useLocale } from "../../lib/use-locale";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { HISTORY_SEARCH, rangeIsBackwards, useCallHistory } from "./history-api";
import { HistoryFilters } from "./history-filters";
import { HISTORY_PREFIXES, useHistoryStrings } from "./history-strings";
import { HistoryTable } from "./history-table";
import { HistoryTotals } from "./history-totals";
import { RateCallDialog } from "./rate-call-dialog";
import { PAGE_WIDTH } from "../../components/ui/page-width";

/** /{lang}/history: the customer's calls, newest first, filtered, totalled, paged and exportable. */
export function HistoryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useHistoryStrings();
  usePageTitle(t("history.title"));
  const { filter, page, change, changePage, filtered } = useListSearch(HISTORY_SEARCH);
  const history = useCallHistory(filter, page);
  // Phones get cards: ten columns cannot be read at 390 px.
  const wide = useMediaQuery("(min-width: 1024px)");
  const [rating, setRating] = useState<CallLog | null>(null);
  const onRate = useCallback((call: CallLog) => setRating(call), []);

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <ListPageHeader title={t("history.title")} subtitle={t("history.subtitle")} csvHref={HISTORY_SEARCH.csvHref(callHistoryCsvPath, filter, locale)} />

      <HistoryFilters filter={filter} onChange={change} />

      <ListResults
        query={history}
        asking={!rangeIsBackwards(filter)}
        total={(data) => data.totals.calls}
        rows={(data) => data.calls.length}
        loadError={t("history.load_error")}
        filtered={filtered}
        onClearFilters={() => change(null)}
        empty={
          <>
            <History aria-hidden="true" className="size-10 text-slate-400" />
            <p className="text-lg font-medium text-slate-900">{t("history.empty")}</p>
            <p className="text-slate-600">{t("history.empty_hint")}</p>
            <Link to={localePath(locale)} state={{ scrollToCall: true }} className={buttonVariants()}>
              {t("history.make_a_call")}
            </Link>
          </>
        }
        noMatches={t("history.no_matches")}
        pagerLabel={t("history.pagination")}
        onPage={changePage}
        summary={(data) => <HistoryTotals totals={data.totals} />}
      >
        {(data) => <HistoryTable calls={data.calls} onRate={onRate} wide={wide} />}
      </ListResults>

      <RateCallDialog call={rating} onClose={() => setRating(null)} />
    </main>
  );
}

export default HistoryPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = HISTORY_PREFIXES;
