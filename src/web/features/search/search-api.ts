import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { siteSearch } from "../../../shared/api/search";
import type { Locale } from "../../../shared/i18n/locales";
import { callApi } from "../../lib/api-client";

/** Results for the same search barely change; going back to one shows it at once. */
const STALE_MS = 60_000;

/**
 * The site search's answer for the query in the address. While the next answer loads, the last one
 * stays on screen (placeholderData) so the list does not flash empty between keystrokes.
 */
export function useSiteSearch(query: string, lang: Locale) {
  const blank = query.trim() === "";
  return useQuery({
    queryKey: ["search", lang, query],
    queryFn: ({ signal }) => callApi(siteSearch, { query: { q: query, lang }, signal }),
    enabled: !blank,
    placeholderData: blank ? undefined : keepPreviousData,
    staleTime: STALE_MS,
  });
}
