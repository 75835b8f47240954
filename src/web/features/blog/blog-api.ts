import { useQuery } from "@tanstack/react-query";
import { blogPostRead, blogPostsList } from "../../../shared/api/blog";
import type { Locale } from "../../../shared/i18n/locales";
import { callApi } from "../../lib/api-client";

/** Posts change only when an admin publishes or edits one; a minute of staleness is fine. */
const STALE_MS = 60_000;

export function usePublishedPosts(locale: Locale) {
  return useQuery({
    queryKey: ["blog", "posts", locale],
    queryFn: ({ signal }) => callApi(blogPostsList, { query: { lang: locale }, signal }),
    staleTime: STALE_MS,
  });
}

/** `slug` null: the address cannot name a post, so nothing is asked. */
export function usePublishedPost(slug: string | null, locale: Locale) {
  return useQuery({
    queryKey: ["blog", "post", slug, locale],
    queryFn: ({ signal }) => callApi(blogPostRead, { params: { slug: slug ?? "" }, query: { lang: locale }, signal }),
    enabled: slug !== null,
    staleTime: STALE_MS,
  });
}
