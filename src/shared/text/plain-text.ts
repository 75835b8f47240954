/**
 * Text a person typed, made plain before it is kept or shown to someone else: what cannot be
 * seen but changes what is seen goes. C0 and C1 controls (a line break or tab becomes a space,
 * the rest are dropped) and the bidirectional formatting characters: embeddings and overrides
 * (U+202A-U+202E), isolates (U+2066-U+2069), the left-to-right and right-to-left marks
 * (U+200E, U+200F) and the Arabic letter mark (U+061C). An override turns "moc.elpmaxe" the
 * other way round on an admin's screen; plain text shows what was really typed. Joiners
 * (U+200C, U+200D) stay: Persian words and emoji need them.
 */
const SPACING_CONTROLS = /[\t\n\v\f\r\u0085]/g;
const INVISIBLE_FORMATTING = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** NFC, the characters above removed, runs of space made one, trimmed. Idempotent. */
export function plainText(text: string): string {
  return text.normalize("NFC").replace(SPACING_CONTROLS, " ").replace(INVISIBLE_FORMATTING, "").replace(/\s+/g, " ").trim();
}

/** At most `maxLength` UTF-16 code units (what a schema's max counts), never half of a character outside the BMP. */
export function cutText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const last = text.charCodeAt(maxLength - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? maxLength - 1 : maxLength;
  return text.slice(0, end).trimEnd();
}
