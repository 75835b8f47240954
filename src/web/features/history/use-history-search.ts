import { useCallback } from "react";
import { useSearchView, type SearchViewCodec } from "../../lib/use-search-view";
import { applyFilterChange, readHistorySearch, writeHistorySearch, type HistoryFilter } from "./history-api";

const CODEC: SearchViewCodec<HistoryFilter> = { read: readHistorySearch, write: writeHistorySearch };

/** The history's filter and page, kept in the address bar (see useSearchView). */
export function useHistorySearch() {
  const { filter, page, changeFilter: change, changePage } = useSearchView(CODEC);
  const changeFilter = useCallback(
    (next: { name: keyof HistoryFilter; value: string } | null) => change((filter) => applyFilterChange(filter, next)),
    [change],
  );
  return { filter, page, changeFilter, changePage };
}
