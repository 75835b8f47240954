/**
 * A Markdown body as the plain text a reader sees, for searching and excerpts: links and images keep
 * their text, and heading, list, quote, emphasis and code markers go. Crude on purpose: the posts use
 * only plain CommonMark, and a stray marker left in an excerpt is harmless.
 */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n/gu, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/gu, "$1")
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gmu, "")
    .replace(/(\*\*|__|\*|_|`)(\S(?:.*?\S)?)\1/gu, "$2")
    .replace(/\s+/gu, " ")
    .trim();
}
