/**
 * What a translation must carry over from its English source unchanged: placeholders
 * (`{{name}}`, filled in by the app), tags (`<strong>`, `</strong>`, `<br/>`, `<1>`) and
 * Markdown links (`[text](address)`: the text and the address are the language's own, e.g.
 * `/fr/countries`, so only the link itself counts). Compared as multisets: the order may follow
 * the language's grammar, but nothing may be lost, added or retyped.
 */
const PLACEHOLDER = /\{\{[^{}]*\}\}/g;
const TAG = /<\/?[A-Za-z0-9][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g;
const MARKDOWN_LINK = /\[[^\]\n]*\]\([^)\s]*\)/g;

/** How a Markdown link is named in a report: its text and address belong to the language. */
export const MARKDOWN_LINK_TOKEN = "[…](…)";

/** The placeholders, tags and links of a text, in the order they appear. */
export function markupTokens(text: string): string[] {
  const found: { at: number; token: string }[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) found.push({ at: match.index, token: match[0] });
  for (const match of text.matchAll(TAG)) found.push({ at: match.index, token: match[0] });
  for (const match of text.matchAll(MARKDOWN_LINK)) found.push({ at: match.index, token: MARKDOWN_LINK_TOKEN });
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.token);
}

export interface MarkupDifference {
  /** In the English source, not (or fewer times) in the value. */
  missing: string[];
  /** In the value, not (or more times) in the English source. */
  extra: string[];
}

/** What the value lacks or adds against its English source; both empty when the markup is kept. */
export function compareMarkup(source: string, value: string): MarkupDifference {
  const counts = new Map<string, number>();
  for (const token of markupTokens(source)) counts.set(token, (counts.get(token) ?? 0) + 1);
  const extra: string[] = [];
  for (const token of markupTokens(value)) {
    const left = counts.get(token) ?? 0;
    if (left > 0) counts.set(token, left - 1);
    else extra.push(token);
  }
  const missing: string[] = [];
  for (const [token, left] of counts) for (let index = 0; index < left; index += 1) missing.push(token);
  return { missing, extra };
}

export const markupKept = (difference: MarkupDifference) => difference.missing.length === 0 && difference.extra.length === 0;
