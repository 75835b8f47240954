import type { SearchGroup, SearchResults } from "../../../shared/api/search";
import type { Locale } from "../../../shared/i18n/locales";
import type { NormalizedQuery } from "../../../shared/search/normalize-query";

/**
 * One kind of content the site search looks through. The countries are built in
 * (country-source.ts); the blog and the FAQ add theirs to the list createServer hands to
 * registerSearchRoutes. A source receives the query already normalized and never empty,
 * answers at most `limit` hits, best first, in the asked language (falling back as its content
 * does), and reads only what a visitor may see (published posts, say).
 */
export interface SearchSource<Group extends SearchGroup = SearchGroup> {
  group: Group;
  search(query: NormalizedQuery, lang: Locale, limit: number): Promise<SearchResults[Group]>;
}

/** How many hits each group answers at most: enough for "+1" (the US, Canada and the Caribbean), short enough to read. */
export const GROUP_LIMITS: Record<SearchGroup, number> = { countries: 30, posts: 10, faq: 10 };
