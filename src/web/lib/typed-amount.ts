import { separatorsOf } from "../../shared/i18n/locale-number";

// Digits of other scripts people type: Arabic-Indic, Extended Arabic-Indic, Devanagari, full-width.
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0xff10];
const IGNORED = /[\s\u00a0\u2000-\u200f\u202f\u205f\u3000\u061c\u2066-\u2069]|US\$|USD|\$/giu;

/**
 * An amount as a person typed it in their language ("-2,50" in Swedish, "+٢٫٥" in Arabic),
 * as the decimal the API takes ("-2.50"), or null when it is not a signed amount with at most
 * 4 decimals. Group separators are refused: an amount is typed, not pasted from a report,
 * and "1.500" must not be guessed at (refused where a point groups thousands). The server checks the bounds.
 * Used by the credit audit's adjustments and the profile's spending controls.
 */
export function typedAmountDecimal(text: string, locale: string): string | null {
  let plain = "";
  for (const ch of text.replace(IGNORED, "")) {
    const code = ch.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9);
    plain += zero === undefined ? ch : String.fromCharCode(0x30 + code - zero);
  }
  const sign = /^[-\u2212\u2010-\u2013]/.test(plain) ? "-" : "";
  const unsigned = plain.replace(/^[-+\u2212\u2010-\u2013]/, "");
  const { decimal, group } = separatorsOf(locale);
  // Where "." groups thousands (German, Spanish, Portuguese), "1.500" is not guessed at.
  if (group === "." && unsigned.includes(".")) return null;
  const normalized = unsigned.replace("\u066b", ".").replace(decimal, ".");
  return /^\d{1,9}(\.\d{1,4})?$/.test(normalized) ? `${sign}${normalized}` : null;
}
