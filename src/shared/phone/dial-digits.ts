/**
 * The digits of a typed or pasted number, without the phone library: what the
 * browser needs while a person types (the phone input's limit, the "+number" paste),
 * kept apart from number-check.ts so the library's metadata stays out of its first load.
 */

const MAX_INPUT_LENGTH = 64;
const MAX_E164_DIGITS = 15;

// Digits people type on localized keyboards: ASCII, Arabic-Indic, Extended
// Arabic-Indic (Persian/Urdu), Devanagari, Bengali and full-width forms.
const DIGIT_ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xff10];
// Visual separators people paste: spaces of all kinds, dashes, dots, slashes, parentheses.
const SEPARATORS = /[\s\u00a0\u2000-\u200b\u202f\u205f\u3000().\-\u2010-\u2015\u2212/]/g;

function toAsciiDigits(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    let mapped = ch;
    for (const zero of DIGIT_ZEROS) {
      if (code >= zero && code <= zero + 9) {
        mapped = String.fromCharCode(0x30 + code - zero);
        break;
      }
    }
    out += code === 0xff0b ? "+" : mapped; // full-width plus
  }
  return out;
}

/**
 * Normalizes a typed or pasted number to E.164 digits (no "+"), or null when it is
 * not a phone number in international form. Accepts "+44 7106 123456",
 * "0044 7106 123456", "+1 (876) 210-1234", "+44 (0) 7106…" (libphonenumber later drops
 * the trunk 0). Without "+" or "00" the digits are taken as already starting with
 * the country code, which is what the picker + input produce. Letters, "*" and "#"
 * (vanity numbers, USSD codes) are refused.
 */
export function normalizeDialInput(input: string): string | null {
  const typed = typedDigits(input);
  const match = typed === null ? null : /^(\+|00)?(\d+)$/.exec(typed);
  const digits = match?.[2];
  if (digits === undefined || digits.length > MAX_E164_DIGITS || digits.startsWith("0")) return null;
  return digits;
}

/**
 * The spec's phone input limit: digits only, at most 15 (E.164) minus the digits of
 * the picked dial code, and at least 1. "+1876" leaves 11, "+44" leaves 13.
 */
export function maxLocalDigits(dialCode: string): number {
  const dialDigits = dialCode.replace(/\D/g, "").length;
  return Math.max(1, MAX_E164_DIGITS - dialDigits);
}

/**
 * What the call section dials: the picked dial code followed by the typed digits
 * (anything else dropped, then cut to maxLocalDigits), as "+18765551234".
 */
export function composeDialInput(dialCode: string, typed: string): string {
  const dialDigits = dialCode.replace(/\D/g, "");
  const local = toAsciiDigits(typed).replace(/\D/g, "").slice(0, maxLocalDigits(dialCode));
  return `+${dialDigits}${local}`;
}

/**
 * The input without separators and with ASCII digits ("+447106123456", "000"), or
 * null when it holds anything else (letters, "*", "#", a "+" in the middle).
 */
export function typedDigits(input: string): string | null {
  if (typeof input !== "string" || input.length === 0 || input.length > MAX_INPUT_LENGTH) return null;
  const compact = toAsciiDigits(input).replace(SEPARATORS, "");
  return /^\+?\d+$/.test(compact) ? compact : null;
}
