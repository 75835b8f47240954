import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { applyFilterChange, readHistorySearch, writeHistorySearch, type HistoryFilter } from "./history-api";

interface HistoryView {
  filter: HistoryFilter;
  page: number;
}

/**
 * The filter and page, kept in the address bar so a filtered view survives a reload and the
 * back button. The page's own state leads: the router applies each change a render or more
 * later, and a quick second change (clear, then type a day) must build on the first, not on
 * an address the router has not reached yet. An address the page did not write itself (back,
 * forward, the header's History link) is adopted.
 */
export function useHistorySearch() {
  const [search, setSearch] = useSearchParams();
  const searchKey = search.toString();
  const [view, setView] = useState<HistoryView>(() => readHistorySearch(search));
  const current = useRef(view);
  // Addresses this page asked for that the router has not shown yet, oldest first.
  const written = useRef<string[]>([]);

  useEffect(() => {
    const at = written.current.indexOf(searchKey);
    if (at >= 0) {
      written.current.splice(0, at + 1);
      return;
    }
    written.current = [];
    const outside = readHistorySearch(new URLSearchParams(searchKey));
    current.current = outside;
    setView(outside);
  }, [searchKey]);

  const show = useCallback(
    (next: HistoryView, replace: boolean) => {
      const before = writeHistorySearch(current.current.filter, current.current.page).toString();
      const text = writeHistorySearch(next.filter, next.page).toString();
      if (text === before) return;
      current.current = next;
      setView(next);
      written.current.push(text);
      setSearch(text, { replace });
    },
    [setSearch],
  );

  /** A new filter starts at the first page, and replaces the history entry rather than adding one per keystroke. */
  const changeFilter = useCallback(
    (change: { name: keyof HistoryFilter; value: string } | null) => show({ filter: applyFilterChange(current.current.filter, change), page: 1 }, true),
    [show],
  );
  const changePage = useCallback((page: number) => show({ filter: current.current.filter, page }, false), [show]);

  return { filter: view.filter, page: view.page, changeFilter, changePage };
}
