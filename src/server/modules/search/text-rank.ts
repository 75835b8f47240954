import { findTerm, foldText, type FoldedText } from "../../../shared/search/search-terms";

/** A text a hit can be found by, folded once, and how much a word found in it counts. */
export interface RankedField {
  text: FoldedText;
  weight: number;
}

/**
 * How well a hit's fields answer the search's words, or null when a word is found in none of them
 * (every word must occur somewhere). Each word counts the weight of the first field that has it,
 * doubled where it begins a word there, so one word in a title outranks any number in a body when
 * the weights are far apart (a title 100, an excerpt 10, a body 1).
 */
export function rankFields(fields: readonly RankedField[], terms: readonly string[]): number | null {
  if (terms.length === 0) return null;
  let score = 0;
  for (const term of terms) {
    let found = false;
    for (const field of fields) {
      const match = findTerm(field.text, term);
      if (match === null) continue;
      score += field.weight * (match.wordStart ? 2 : 1);
      found = true;
      break;
    }
    if (!found) return null;
  }
  return score;
}

/** Cut at most `max` characters from `start`, ending at a space where one is near, with "…" where text was left out. */
function cut(text: string, start: number, max: number): string {
  let end = Math.min(text.length, start + max);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + max / 2) end = space;
  }
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}

/**
 * A plain-text excerpt of at most about `max` characters showing where the search's words occur: the
 * start of the text when the first word found is near it, else a window beginning shortly before it
 * (at a word boundary), so the page can mark the match it was found by.
 */
export function excerptAround(text: string, terms: readonly string[], max: number): string {
  const folded = foldText(text);
  let first = Number.POSITIVE_INFINITY;
  for (const term of terms) {
    const match = findTerm(folded, term);
    if (match !== null) first = Math.min(first, folded.origins[match.at]?.[0] ?? 0);
  }
  const lead = Math.floor(max / 4);
  if (!Number.isFinite(first) || first < max - lead) return cut(text, 0, max);
  const space = text.indexOf(" ", first - lead);
  const start = space >= 0 && space < first ? space + 1 : first;
  return cut(text, start, max);
}
