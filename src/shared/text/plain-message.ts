import { plainText } from "./plain-text";

/**
 * A message a person wrote, made plain before it is kept (decision 030), keeping what a
 * message needs that a name does not: its line breaks. Each line is made plain as
 * `plainText` makes a name (controls and bidirectional overrides gone, spaces collapsed),
 * more than one empty line in a row becomes one, and empty lines at either end go.
 * Idempotent; an empty result means nothing was written.
 */
export function plainMessage(text: string): string {
  const lines = text
    .normalize("NFC")
    .split(/\r\n|[\n\r\u0085\u2028\u2029]/)
    .map((line) => plainText(line));
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
