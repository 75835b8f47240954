import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { defineEndpoint } from "./endpoint";
import { publicCountryRateSchema } from "./rates";

/**
 * A callable country found by the site search: its public price range exactly as the
 * countries page lists it (/api/rates/countries), its name in the asked language and the
 * slug of its page (/{lang}/country/{slug}).
 */
export const countrySearchHitSchema = publicCountryRateSchema.extend({
  /** The country's everyday name in the asked language (the page highlights the match in it). */
  name: z.string(),
  slug: z.string(),
});
export type CountrySearchHit = z.infer<typeof countrySearchHitSchema>;

/** A published guide: /{lang}/blog/{slug}. */
export const postSearchHitSchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** The language the post is written in (a guide may exist in fewer languages than the site). */
  language: z.enum(LOCALES),
});
export type PostSearchHit = z.infer<typeof postSearchHitSchema>;

/** A FAQ entry: /{lang}/faq#{id}. */
export const faqSearchHitSchema = z.object({
  id: z.string(),
  question: z.string(),
  /** The start of the answer, as plain text. */
  excerpt: z.string(),
});
export type FaqSearchHit = z.infer<typeof faqSearchHitSchema>;

export const searchResultsSchema = z.object({
  /** The query as the server read it (normalizeSearchQuery): what the page highlights. */
  query: z.string(),
  countries: z.array(countrySearchHitSchema),
  posts: z.array(postSearchHitSchema),
  faq: z.array(faqSearchHitSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
/** The result groups, in the order the page shows them. */
export type SearchGroup = Exclude<keyof SearchResults, "query">;

/**
 * The site search (the WebSite SearchAction's target asks the page, which asks this). `q` is
 * normalized by normalizeSearchQuery; longer than MAX_SEARCH_LENGTH afterwards is 400
 * `search_query_too_long`. An empty `q` answers empty groups.
 */
export const siteSearch = defineEndpoint({
  method: "GET",
  path: "/api/search",
  access: "public",
  summary: "Countries, guides and FAQ entries matching a search, in one language",
  query: z.object({ q: z.string(), lang: z.enum(LOCALES) }),
  response: searchResultsSchema,
});
