/**
 * Other ways to call abroad, for home's comparison: published per-minute prices only,
 * each with who published it, where and when. A figure goes in here only when it can
 * be read on the publisher's own page (a carrier's pay-per-use international rate, a
 * calling app's rate list), with that page's address and the month it was read, so a
 * visitor can check it. Prices change: re-read each source before a release and drop
 * any figure that can no longer be found there.
 *
 * Empty on purpose. When home's comparison was written (November 2026) no figure could
 * be traced to a publisher's current page: what turned up were third-party blogs,
 * mirrors of old business tariffs and undated price lists. A comparison with a made-up
 * or stale figure would mislead, so home compares our own prices only until a source
 * qualifies; the section shows a column per source listed here.
 */
export interface OutsideSource {
  /** Stable id (column key). */
  id: string;
  /** The publisher's name as they write it, shown as is in every language ("AT&T"). */
  publisher: string;
  /** The page the figures were read on. */
  url: string;
  /** When they were read there (month 1-12). */
  published: { year: number; month: number };
  /** US dollars per minute as the publisher writes them ("1.50"), by ISO country code; a country they publish no figure for is absent. */
  perMinute: Readonly<Record<string, string>>;
}

export const OUTSIDE_SOURCES: readonly OutsideSource[] = [];
