import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

/** What a list page keeps in its address: a filter and a page number. */
export interface SearchView<Filter> {
  filter: Filter;
  page: number;
}

/** How a page reads its view from the address and writes it back (malformed parts dropped on reading). */
export interface SearchViewCodec<Filter> {
  read: (search: URLSearchParams) => SearchView<Filter>;
  write: (filter: Filter, page: number) => URLSearchParams;
}

/**
 * A list page's filter and page, kept in the address bar so a filtered view survives a reload
 * and the back button. The page's own state leads: the router applies each change a render or
 * more later, and a quick second change (clear, then type a day) must build on the first, not on
 * an address the router has not reached yet. An address the page did not write itself (back,
 * forward, a header link) is adopted. `codec` must be stable (a module constant).
 */
export function useSearchView<Filter>(codec: SearchViewCodec<Filter>) {
  const [search, setSearch] = useSearchParams();
  const searchKey = search.toString();
  const [view, setView] = useState<SearchView<Filter>>(() => codec.read(search));
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
    const outside = codec.read(new URLSearchParams(searchKey));
    current.current = outside;
    setView(outside);
  }, [searchKey, codec]);

  const show = useCallback(
    (next: SearchView<Filter>, replace: boolean) => {
      const before = codec.write(current.current.filter, current.current.page).toString();
      const text = codec.write(next.filter, next.page).toString();
      if (text === before) return;
      current.current = next;
      setView(next);
      written.current.push(text);
      setSearch(text, { replace });
    },
    [setSearch, codec],
  );

  /** A new filter starts at the first page, and replaces the history entry rather than adding one per keystroke. */
  const changeFilter = useCallback((change: (filter: Filter) => Filter) => show({ filter: change(current.current.filter), page: 1 }, true), [show]);
  const changePage = useCallback((page: number) => show({ filter: current.current.filter, page }, false), [show]);

  return { filter: view.filter, page: view.page, changeFilter, changePage };
}
