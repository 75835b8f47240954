import { foldText, type FoldedText } from "../../../shared/search/search-terms";

/** Where a search shows in a text: [start, end) offsets in the text as displayed. */
export type MatchRange = readonly [start: number, end: number];

/**
 * Every place the (already normalized) search appears in a text, compared as the search compares
 * ("cote" marks "Côte", "jam" marks "JAM"), as offsets into the original text, so highlighting
 * never splits an accented letter or a surrogate pair. Occurrences do not overlap.
 */
export function matchRanges(text: string, search: string): MatchRange[] {
  return occurrences(foldText(text), foldText(search).folded);
}

/**
 * Every place any of a search's words (NormalizedQuery.terms, already folded) appears in a text,
 * overlapping and touching places joined into one: how guides and FAQ entries, found word by word,
 * show what they were found by.
 */
export function termRanges(text: string, terms: readonly string[]): MatchRange[] {
  const folded = foldText(text);
  const all = terms.flatMap((term) => occurrences(folded, term)).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const joined: [number, number][] = [];
  for (const [start, end] of all) {
    const last = joined.at(-1);
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else joined.push([start, end]);
  }
  return joined;
}

function occurrences({ folded, origins }: FoldedText, needle: string): MatchRange[] {
  if (needle === "") return [];
  const ranges: MatchRange[] = [];
  for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
    const first = origins[at];
    const last = origins[at + needle.length - 1];
    if (first !== undefined && last !== undefined) ranges.push([first[0], last[1]]);
  }
  return ranges;
}

/**
 * Where a dial-code search appears in a dial code as displayed ("876" in "+1 876"): digits are
 * compared and the punctuation between them carried along.
 */
export function digitRanges(text: string, digits: string): MatchRange[] {
  if (digits === "") return [];
  const positions: number[] = [];
  let bare = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? "";
    if (/\d/u.test(char)) {
      bare += char;
      positions.push(index);
    }
  }
  const at = bare.indexOf(digits);
  if (at < 0) return [];
  const start = positions[at] ?? 0;
  const end = (positions[at + digits.length - 1] ?? start) + 1;
  return [[start, end]];
}
