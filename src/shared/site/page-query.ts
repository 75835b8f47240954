import type { PUBLIC_PAGE_PATHS } from "./page-paths";

type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/**
 * The query parameters each public page reads, and so the only ones that can change
 * what it shows. Everything else in an address (utm_*, gclid, fbclid, a cache-busting
 * number, anything unknown) is dropped before a page is rendered or looked up in the
 * server's page caches. A page that starts reading a parameter must be listed here: the
 * server renders without it, and the browser's first render then differs from the
 * server's (a hydration error, which the browser tests fail on).
 */
export const PAGE_QUERY_PARAMETERS: Partial<Record<PublicPagePath, readonly string[]>> = {
  // features/accounts/auth-page.tsx (both addresses): the tab, and the notice after an email link.
  auth: ["tab", "verified", "error"],
  signup: ["tab", "verified", "error"],
  // features/accounts/reset-password-page.tsx: the link's token, or the error the link came back with.
  "reset-password": ["token", "error"],
  // features/search/use-search-address.ts: the search.
  search: ["q"],
};

/**
 * The address a public page is rendered from and kept under: the path (language
 * included), then only the parameters the page reads, in a fixed order, each with
 * the first value given (what URLSearchParams.get, and so the page, reads).
 * `page` is the public page's path pattern (PUBLIC_PAGE_PATHS), e.g. "search".
 */
export function canonicalPageAddress(target: string, page: PublicPagePath): string {
  const question = target.indexOf("?");
  const pathname = question === -1 ? target : target.slice(0, question);
  const names = PAGE_QUERY_PARAMETERS[page];
  if (question === -1 || names === undefined) return pathname;
  const given = new URLSearchParams(target.slice(question + 1));
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query === "" ? pathname : `${pathname}?${query}`;
}
