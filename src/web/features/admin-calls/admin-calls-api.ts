import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminCallDetail, adminCalls, adminCallsCsvPath, CALL_DIRECTIONS } from "../../../shared/api/admin-calls";
import { CALL_STATUSES, type CallStatus } from "../../../shared/api/calls";
import type { Locale } from "../../../shared/i18n/locales";
import { callApi } from "../../lib/api-client";
import type { SearchView, SearchViewCodec } from "../../lib/use-search-view";

/** What the calls page filters by; the server makes the email and number canonical and matches them anywhere. */
export interface AdminCallsFilter {
  from?: string;
  to?: string;
  status?: CallStatus;
  direction?: (typeof CALL_DIRECTIONS)[number];
  country?: string;
  email?: string;
  number?: string;
}
export type AdminCallsFilterName = keyof AdminCallsFilter;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COUNTRY = /^[A-Z]{2}$/;
const FILTER_NAMES: readonly AdminCallsFilterName[] = ["from", "to", "status", "direction", "country", "email", "number"];

/** One field of the address, kept only when it is a value the server takes (so a hand-edited link never fails). */
function accepted(name: AdminCallsFilterName, value: string): boolean {
  switch (name) {
    case "from":
    case "to":
      return DAY.test(value);
    case "status":
      return CALL_STATUSES.includes(value as CallStatus);
    case "direction":
      return CALL_DIRECTIONS.includes(value as AdminCallsFilter["direction"] & string);
    case "country":
      return COUNTRY.test(value);
    case "email":
      return value.trim().length > 0 && value.length <= 254;
    case "number":
      return value.trim().length > 0 && value.length <= 40;
  }
}

/** `?from=…&to=…&status=…&direction=…&country=…&email=…&number=…&page=…`; anything malformed is dropped. */
export function readAdminCallsSearch(search: URLSearchParams): SearchView<AdminCallsFilter> {
  const filter: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = search.get(name);
    if (value !== null && accepted(name, value)) filter[name] = value;
  }
  const page = Number(search.get("page"));
  return { filter: filter as AdminCallsFilter, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

export function writeAdminCallsSearch(filter: AdminCallsFilter, page: number): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filter[name];
    if (value) search.set(name, value);
  }
  if (page > 1) search.set("page", String(page));
  return search;
}

export const ADMIN_CALLS_SEARCH: SearchViewCodec<AdminCallsFilter> = { read: readAdminCallsSearch, write: writeAdminCallsSearch };

/** The filter with one field changed ("" removes it), or with none when the change is null. */
export function applyAdminCallsChange(filter: AdminCallsFilter, change: { name: AdminCallsFilterName; value: string } | null): AdminCallsFilter {
  if (change === null) return {};
  const next: Record<string, string> = { ...filter };
  if (change.value) next[change.name] = change.value;
  else delete next[change.name];
  return readAdminCallsSearch(new URLSearchParams(next)).filter;
}

export const isFiltered = (filter: AdminCallsFilter) => FILTER_NAMES.some((name) => Boolean(filter[name]));

/** A range whose first day is after its last finds nothing; the page says so instead of asking. */
export const rangeIsBackwards = (filter: AdminCallsFilter) => Boolean(filter.from && filter.to && filter.from > filter.to);

const ADMIN_CALLS_KEY = ["admin", "calls"] as const;

export function useAdminCalls(filter: AdminCallsFilter, page: number) {
  return useQuery({
    queryKey: [...ADMIN_CALLS_KEY, "list", filter, page],
    queryFn: ({ signal }) => callApi(adminCalls, { query: { ...filter, page }, signal }),
    enabled: !rangeIsBackwards(filter),
    // The current page stays on screen while the next filter or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminCallDetail(callSid: string | null) {
  return useQuery({
    queryKey: [...ADMIN_CALLS_KEY, "detail", callSid],
    queryFn: ({ signal }) => callApi(adminCallDetail, { params: { callSid: callSid ?? "" }, signal }),
    enabled: callSid !== null,
  });
}

/** The CSV of the same filter, in the page's language; the browser downloads it with the session cookie. */
export function adminCallsCsvHref(filter: AdminCallsFilter, locale: Locale): string {
  const search = writeAdminCallsSearch(filter, 1);
  search.set("lang", locale);
  return `${adminCallsCsvPath}?${search}`;
}
