import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { contactListRoute } from "../../../shared/api/routes";
import { callApi } from "../api-client";
import { useLocale } from "../use-locale";

/** Every query about the customer's contacts; a change to any contact refreshes them all. */
export const CONTACTS_QUERY_KEY = ["contacts"] as const;

/**
 * The customer's contacts answering a search, ordered by name in the page's language, each
 * with its price per minute now. Read by route (no schemas): the call section's picker uses it too.
 */
export function useContactList(query: string, { enabled = true }: { enabled?: boolean } = {}) {
  const locale = useLocale();
  const q = query.trim();
  return useQuery({
    queryKey: [...CONTACTS_QUERY_KEY, "list", q, locale],
    queryFn: ({ signal }) => callApi(contactListRoute, { query: { ...(q ? { q } : {}), lang: locale }, signal }),
    enabled,
    // The list stays on screen while the next search loads.
    placeholderData: keepPreviousData,
  });
}
