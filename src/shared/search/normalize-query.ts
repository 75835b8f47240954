import { searchTerms } from "./search-terms";

/** The longest search the site answers, counted after normalizing; longer ones are refused with 400. */
export const MAX_SEARCH_LENGTH = 100;

/** A search made canonical once, before anything matches it. */
export interface NormalizedQuery {
  /** NFKC, trimmed, lower case, inner runs of white space made one space; a digit query is its bare digits. */
  text: string;
  /**
   * The digits of a phone-style query ("+44", "00 44", "1-876", "(1) 876"): spaces, dashes, dots and
   * brackets dropped, a leading + or 00 (the international prefix) removed. Null for any other query.
   */
  digits: string | null;
  /** The words of `text` with accents and case folded (searchTerms): what guides and FAQ entries are matched by. */
  terms: string[];
}

// Digits with the punctuation people type in phone numbers, optionally after a + (the 00 form is digits already).
const PHONE_STYLE = /^\+?[\d\s\-.()]+$/u;

/**
 * The one normalization of a search, used by the server before matching and by the page before
 * highlighting, so both read "  +44 " as "44" and "ＪＡＭ" as "jam". Fullwidth and other compatibility
 * forms fold under NFKC, so "＋４４" is a dial code too.
 */
export function normalizeSearchQuery(raw: string): NormalizedQuery {
  const text = raw.normalize("NFKC").trim().replace(/\s+/gu, " ").toLowerCase();
  if (!PHONE_STYLE.test(text) || !/\d/u.test(text)) return { text, digits: null, terms: searchTerms(text) };
  const bare = text.replace(/\D/gu, "");
  // "00 44" dials out like "+44"; a lone "00" stays as typed so it still means something.
  const digits = !text.startsWith("+") && bare.startsWith("00") && bare.length > 2 ? bare.slice(2) : bare;
  return { text: digits, digits, terms: [digits] };
}
