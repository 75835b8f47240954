import { useCallback } from "react";
import type { Locale } from "../../../shared/i18n/locales";
import { useSearchView, type SearchView, type SearchViewCodec } from "../../lib/use-search-view";

/** For each field a list keeps in the address, whether a value is one the server takes. */
export type SearchRules<Filter> = { readonly [Name in keyof Filter & string]-?: (value: string) => boolean };

/** One field changed ("" removes it), or null: every filter cleared. */
export type FilterChange<Filter> = { name: keyof Filter & string; value: string } | null;

/** How a list page's filter lives in the address bar, and the CSV link of the same filter. */
export interface ListSearch<Filter> extends SearchViewCodec<Filter> {
  apply: (filter: Filter, change: FilterChange<Filter>) => Filter;
  /** Whether any field narrows the list (an order or a totals period does not). */
  isFiltered: (filter: Filter) => boolean;
  /** The CSV export of the same filter, its header in the page's language; the browser downloads it with the session cookie. */
  csvHref: (path: string, filter: Filter, locale: Locale) => string;
}

/** A day as the filters write it (YYYY-MM-DD, a UTC day as the server counts it). */
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
/** A range whose first day is after its last finds nothing; the page says so instead of asking. */
export function isBackwards(from: string | undefined, to: string | undefined): boolean {
  return Boolean(from && to && from > to);
}

/** One of a list of words (a status, a role). */
export const oneOf =
  (values: readonly string[]) =>
  (value: string): boolean =>
    values.includes(value);
/** Typed text, not blank, at most `max` characters. */
export const textUpTo =
  (max: number) =>
  (value: string): boolean =>
    value.trim().length > 0 && value.length <= max;

/**
 * A list's address: `?field=…&…&page=…`, each field kept only when its rule takes it, so a
 * hand-edited link never fails; fields in the order the rules name them, page 1 left out.
 * `kept` fields (an order, a totals period) are not filters: clearing the filters keeps them.
 */
export function listSearch<Filter>(rules: SearchRules<Filter>, options: { kept?: readonly (keyof Filter & string)[] } = {}): ListSearch<Filter> {
  const names = Object.keys(rules) as (keyof Filter & string)[];
  const kept = new Set<string>(options.kept ?? []);
  const filterNames = names.filter((name) => !kept.has(name));

  const read = (search: URLSearchParams): SearchView<Filter> => {
    const filter: Record<string, string> = {};
    for (const name of names) {
      const value = search.get(name);
      if (value !== null && rules[name](value)) filter[name] = value;
    }
    const page = Number(search.get("page"));
    return { filter: filter as Filter, page: Number.isInteger(page) && page >= 1 ? page : 1 };
  };
  const fields = (filter: Filter) => {
    const search = new URLSearchParams();
    for (const name of names) {
      const value = filter[name];
      if (typeof value === "string" && value) search.set(name, value);
    }
    return search;
  };
  const write = (filter: Filter, page: number) => {
    const search = fields(filter);
    if (page > 1) search.set("page", String(page));
    return search;
  };
  const apply = (filter: Filter, change: FilterChange<Filter>): Filter => {
    const next: Record<string, string> = { ...(filter as Record<string, string>) };
    if (change === null) for (const name of filterNames) delete next[name];
    else if (change.value) next[change.name] = change.value;
    else delete next[change.name];
    return read(new URLSearchParams(next)).filter;
  };
  const isFiltered = (filter: Filter) => filterNames.some((name) => Boolean(filter[name]));
  const csvHref = (path: string, filter: Filter, locale: Locale) => {
    const search = fields(filter);
    search.set("lang", locale);
    return `${path}?${search}`;
  };
  return { read, write, apply, isFiltered, csvHref };
}

/**
 * A list page's filter and page in the address bar (useSearchView), changed one field at a
 * time. `search` must be stable (a module constant).
 */
export function useListSearch<Filter>(search: ListSearch<Filter>) {
  const { filter, page, changeFilter, changePage } = useSearchView(search);
  const change = useCallback((next: FilterChange<Filter>) => changeFilter((current) => search.apply(current, next)), [changeFilter, search]);
  /** Several fields at once (an order's field and direction). */
  const update = useCallback((next: Partial<Filter>) => changeFilter((current) => search.read(search.write({ ...current, ...next }, 1)).filter), [changeFilter, search]);
  return { filter, page, change, update, changePage, filtered: search.isFiltered(filter) };
}
