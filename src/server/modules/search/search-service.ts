import type { SearchResults } from "../../../shared/api/search";
import type { Locale } from "../../../shared/i18n/locales";
import { MAX_SEARCH_LENGTH, normalizeSearchQuery } from "../../../shared/search/normalize-query";
import { AppError } from "../../http/app-error";
import { GROUP_LIMITS, type SearchSource } from "./search-source";

/**
 * Answers a search from every source: the query normalized once, refused when too long, and
 * each group filled by its sources in the order they were given, up to the group's limit.
 */
export async function runSearch(sources: readonly SearchSource[], rawQuery: string, lang: Locale): Promise<SearchResults> {
  const query = normalizeSearchQuery(rawQuery);
  // Counted in characters, not UTF-16 units, so an emoji counts once.
  if ([...query.text].length > MAX_SEARCH_LENGTH) {
    throw new AppError(400, "search_query_too_long", `A search can be at most ${MAX_SEARCH_LENGTH} characters long`);
  }
  const results: SearchResults = { query: query.text, countries: [], posts: [], faq: [] };
  if (query.text === "") return results;
  const answers = await Promise.all(sources.map(async (source) => ({ source, hits: await source.search(query, lang, GROUP_LIMITS[source.group]) })));
  for (const { source, hits } of answers) {
    const group: unknown[] = results[source.group];
    group.push(...hits.slice(0, GROUP_LIMITS[source.group] - group.length));
  }
  return results;
}
