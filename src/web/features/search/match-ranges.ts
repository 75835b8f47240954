/** Where a search shows in a text: [start, end) offsets in the text as displayed. */
export type MatchRange = readonly [start: number, end: number];

/** One character folded the way the search compares: compatibility forms, accents and case dropped. */
function foldChar(char: string): string {
  return char.normalize("NFKC").normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

/**
 * Every place the (already normalized) search appears in a text, compared as the search compares
 * ("cote" marks "Côte", "jam" marks "JAM"), as offsets into the original text, so highlighting
 * never splits an accented letter or a surrogate pair. Occurrences do not overlap.
 */
export function matchRanges(text: string, search: string): MatchRange[] {
  const needle = [...search].map(foldChar).join("");
  if (needle === "") return [];
  let folded = "";
  // For each UTF-16 unit of `folded`, the original character it came from.
  const origin: { start: number; end: number }[] = [];
  let offset = 0;
  for (const char of text) {
    const part = foldChar(char);
    for (let unit = 0; unit < part.length; unit++) origin.push({ start: offset, end: offset + char.length });
    folded += part;
    offset += char.length;
  }
  const ranges: MatchRange[] = [];
  for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
    const first = origin[at];
    const last = origin[at + needle.length - 1];
    if (first !== undefined && last !== undefined) ranges.push([first.start, last.end]);
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
