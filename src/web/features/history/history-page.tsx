import { ChevronLeft, ChevronRight, Download, History } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CallLog } from "../../../shared/api/calls";
import { Button, buttonVariants } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { localePath, useLocale } from "../../lib/use-locale";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { apiErrorMessage } from "../../lib/api-error-message";
import { csvExportHref, rangeIsBackwards, useCallHistory } from "./history-api";
import { HistoryFilters } from "./history-filters";
import { HISTORY_PREFIXES, useHistoryStrings } from "./history-strings";
import { HistoryTable } from "./history-table";
import { HistoryTotals } from "./history-totals";
import { useHistorySearch } from "./use-history-search";
import { RateCallDialog } from "./rate-call-dialog";
import { PAGE_WIDTH } from "../../components/ui/page-width";

/** /{lang}/history: the customer's calls, newest first, filtered, totalled, paged and exportable. */
export function HistoryPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  useHistoryStrings();
  usePageTitle(t("history.title"));
  const { filter, page, changeFilter, changePage } = useHistorySearch();
  const history = useCallHistory(filter, page);
  // Phones get cards: ten columns cannot be read at 390 px.
  const wide = useMediaQuery("(min-width: 1024px)");
  const [rating, setRating] = useState<CallLog | null>(null);
  const onRate = useCallback((call: CallLog) => setRating(call), []);
  const number = new Intl.NumberFormat(i18n.language);

  const filtered = Boolean(filter.from || filter.to || filter.status);
  const data = history.data;
  const backwards = rangeIsBackwards(filter);

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("history.title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("history.subtitle")}</p>
        </div>
        <a href={csvExportHref(filter, locale)} download className={buttonVariants({ variant: "secondary" })}>
          <Download aria-hidden="true" className="size-4" />
          {t("history.export_csv")}
        </a>
      </header>

      <HistoryFilters filter={filter} onChange={changeFilter} />

      {history.isPending && !backwards ? <PageSpinner /> : null}
      {history.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-red-800">
          <p>
            {t("history.load_error")} {apiErrorMessage(t, history.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
            {t("history.retry")}
          </Button>
        </div>
      ) : null}

      {data ? <HistoryTotals totals={data.totals} /> : null}

      {data && data.totals.calls === 0 && !filtered ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200">
          <History aria-hidden="true" className="size-10 text-slate-400" />
          <p className="text-lg font-medium text-slate-900">{t("history.empty")}</p>
          <p className="text-slate-600">{t("history.empty_hint")}</p>
          <Link to={localePath(locale)} state={{ scrollToCall: true }} className={buttonVariants()}>
            {t("history.make_a_call")}
          </Link>
        </div>
      ) : null}
      {data && data.totals.calls === 0 && filtered ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">{t("history.no_matches")}</p>
          <Button variant="secondary" onClick={() => changeFilter(null)}>
            {t("history.clear_filters")}
          </Button>
        </div>
      ) : null}

      {data && data.calls.length === 0 && data.totals.calls > 0 ? (
        // A page past the end (an old link, or calls gone from a status since): offer the first.
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">{t("history.page_past_end")}</p>
          <Button variant="secondary" onClick={() => changePage(1)}>
            {t("history.first_page")}
          </Button>
        </div>
      ) : null}
      {data && data.calls.length > 0 ? (
        <div className={cn("space-y-3 transition-opacity", history.isPlaceholderData && "opacity-60")} aria-busy={history.isFetching}>
          <HistoryTable calls={data.calls} onRate={onRate} wide={wide} />
          <nav aria-label={t("history.pagination")} className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600" aria-live="polite">
              {t("history.page_status", { page: number.format(data.page), pages: number.format(data.pageCount) })}
            </p>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" onClick={() => changePage(data.page - 1)} disabled={data.page <= 1}>
                <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
                {t("history.previous_page")}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => changePage(data.page + 1)} disabled={data.page >= data.pageCount}>
                {t("history.next_page")}
                <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
              </Button>
            </div>
          </nav>
        </div>
      ) : null}

      <RateCallDialog call={rating} onClose={() => setRating(null)} />
    </main>
  );
}

export default HistoryPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = HISTORY_PREFIXES;
