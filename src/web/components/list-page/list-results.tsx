import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { apiErrorMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { PageSpinner } from "../ui/spinner";
import { ListPager } from "./list-pager";

/** A box in the list's place when it has nothing to show. */
export const EMPTY_BOX = "flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center text-slate-700 shadow-sm ring-1 ring-slate-200";

/** What a list endpoint answers, as the list page reads it. */
export interface ListQuery<Data> {
  data: Data | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface ListResultsProps<Data extends { page: number; pageCount: number }> {
  query: ListQuery<Data>;
  /** How many rows match the filter, and how many this page holds. */
  total: (data: Data) => number;
  rows: (data: Data) => number;
  /** The sentence before the server's reason when the list cannot be loaded. */
  loadError: string;
  /** Whether a filter narrows the list: no rows then offers to clear it. */
  filtered: boolean;
  onClearFilters: () => void;
  /** What the list says when nothing at all is there yet (unfiltered). */
  empty: ReactNode;
  /** What it says when the filter finds nothing. */
  noMatches: string;
  /** Names the pager (and, with `section`, the list's region). */
  pagerLabel: string;
  onPage: (page: number) => void;
  /** False while no query is asked (a range backwards): no spinner then. */
  asking?: boolean;
  /** The list as a named region (its label), else a plain block. */
  sectionLabel?: string;
  /** Figures over the filter, above the rows (totals, a count). */
  summary?: (data: Data) => ReactNode;
  /** The rows: the page's table (cards on phones). */
  children: (data: Data) => ReactNode;
}

/**
 * Every list page's states in one order: loading, the error with Try again, the summary, nothing
 * yet, nothing matching (Clear filters), a page past the end (the first page), or the rows with
 * the pager. The rows stay on screen, dimmed and busy, while the next page or filter loads.
 */
export function ListResults<Data extends { page: number; pageCount: number }>(props: ListResultsProps<Data>) {
  const { t } = useTranslation();
  const { query, asking = true } = props;
  const data = query.data;
  const total = data ? props.total(data) : 0;
  const rows = data ? props.rows(data) : 0;
  const Wrapper = props.sectionLabel ? "section" : "div";
  return (
    <>
      {query.isPending && asking ? <PageSpinner /> : null}
      {query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-red-800">
          <p>
            {props.loadError} {apiErrorMessage(t, query.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t("list.retry")}
          </Button>
        </div>
      ) : null}
      {data && props.summary ? props.summary(data) : null}
      {data && total === 0 && !props.filtered ? <div className={EMPTY_BOX}>{props.empty}</div> : null}
      {data && total === 0 && props.filtered ? (
        <div className={EMPTY_BOX}>
          <p>{props.noMatches}</p>
          <Button variant="secondary" onClick={props.onClearFilters}>
            {t("list.clear_filters")}
          </Button>
        </div>
      ) : null}
      {data && rows === 0 && total > 0 ? (
        // A page past the end (an old link, or rows gone from the filter since): offer the first.
        <div className={EMPTY_BOX}>
          <p>{t("list.page_past_end")}</p>
          <Button variant="secondary" onClick={() => props.onPage(1)}>
            {t("list.first_page")}
          </Button>
        </div>
      ) : null}
      {data && rows > 0 ? (
        <Wrapper aria-label={props.sectionLabel} aria-busy={query.isFetching} className={cn("space-y-3 transition-opacity", query.isPlaceholderData && "opacity-60")}>
          {props.children(data)}
          <ListPager label={props.pagerLabel} page={data.page} pageCount={data.pageCount} onChange={props.onPage} />
        </Wrapper>
      ) : null}
    </>
  );
}
