/** One character folded the way the search compares: compatibility forms, accents and case dropped ("É" → "e", "ﬁ" → "fi"). */
export function foldChar(char: string): string {
  return char.normalize("NFKC").normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

/**
 * A text folded character by character, remembering for each UTF-16 unit of the folded text the
 * character of the original it came from, so a match found in the folded text can be shown (or cut
 * around) in the original without splitting an accented letter or a surrogate pair.
 */
export interface FoldedText {
  folded: string;
  /** For each unit of `folded`: [start, end) of its character in the original text. */
  origins: readonly (readonly [start: number, end: number])[];
}

export function foldText(text: string): FoldedText {
  let folded = "";
  const origins: (readonly [number, number])[] = [];
  let offset = 0;
  for (const char of text) {
    const part = foldChar(char);
    for (let unit = 0; unit < part.length; unit++) origins.push([offset, offset + char.length]);
    folded += part;
    offset += char.length;
  }
  return { folded, origins };
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The words of an already normalized search, folded, each once: "Côte  d'Ivoire" → ["cote", "d", "ivoire"].
 * Punctuation separates words and is never searched for, so ".*" or "<script>" have no pattern power.
 */
export function searchTerms(normalizedText: string): string[] {
  const words = foldText(normalizedText).folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== "");
  return [...new Set(words)];
}

/** Where a term first occurs in a folded text, and whether a word begins there; null when it does not occur. */
export function findTerm(text: FoldedText, term: string): { at: number; wordStart: boolean } | null {
  let first: number | null = null;
  for (let at = text.folded.indexOf(term); at >= 0; at = text.folded.indexOf(term, at + 1)) {
    first ??= at;
    if (at === 0 || !LETTER_OR_DIGIT.test(text.folded[at - 1] ?? "")) return { at, wordStart: true };
  }
  return first === null ? null : { at: first, wordStart: false };
}
