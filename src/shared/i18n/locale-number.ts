import { MONEY_SCALE, type Money } from "../money";

/**
 * Reading numbers people type in their own language: "1,5" in Swedish, German,
 * French, Spanish, Portuguese and Russian, "1.5" in English, Chinese and Hindi,
 * "١٫٥" (or "1.5") in Arabic. The language's own form always works; the other common
 * form is accepted where it cannot mean anything else ("1.5" in German is one and a
 * half, "1.500" is not guessed at: it is fifteen hundred to a German and one and a
 * half to an American).
 */

export type AmountParse = { ok: true; value: Money } | { ok: false; reason: "invalid" | "negative" };
export type WholeParse = { ok: true; value: number } | { ok: false; reason: "invalid" | "negative" };

// Digits of other scripts people type: Arabic-Indic, Extended Arabic-Indic (Persian, Urdu), Devanagari, full-width.
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0xff10];
const ARABIC_DECIMAL = "\u066b";
const ARABIC_GROUP = "\u066c";
// Spaces of every width (French groups with a narrow no-break space), bidi marks, and the currency people may add.
const IGNORED = /[\s\u00a0\u2000-\u200f\u202f\u205f\u3000\u061c\u2066-\u2069]|US\$|USD|\$/giu;
const MINUS = /^[-\u2212\u2010-\u2013]/;

function asciiDigits(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9);
    out += zero === undefined ? ch : String.fromCharCode(0x30 + code - zero);
  }
  return out;
}

interface Separators {
  decimal: string;
  group: string;
}

const separatorCache = new Map<string, Separators>();

/** The language's decimal and group separators, as Intl writes them. */
export function separatorsOf(locale: string): Separators {
  let separators = separatorCache.get(locale);
  if (separators === undefined) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat(locale).formatToParts(12_345.5);
    } catch {
      parts = new Intl.NumberFormat("en").formatToParts(12_345.5);
    }
    const decimal = parts.find((part) => part.type === "decimal")?.value ?? ".";
    const group = parts.find((part) => part.type === "group")?.value ?? ",";
    separators = { decimal: decimal === ARABIC_DECIMAL ? "." : decimal, group: /\s/u.test(group) ? " " : group === ARABIC_GROUP ? "," : group };
    separatorCache.set(locale, separators);
  }
  return separators;
}

/** Groups of thousands as written: "1", "12", "123", "1,234", "12,34,567" (Indian), never "1,23" or "1234,567". */
function validGroups(integer: string, group: string): boolean {
  const parts = integer.split(group);
  if (parts.length === 1) return /^\d*$/.test(integer);
  const [first = "", ...rest] = parts;
  const last = rest.pop() ?? "";
  return /^\d{1,3}$/.test(first) && rest.every((part) => /^\d{2,3}$/.test(part)) && /^\d{3}$/.test(last);
}

/**
 * Splits typed text into an integer part and a fraction, or null when it is not a
 * plain number in the language (or the other common form, where unambiguous).
 */
function splitNumber(text: string, locale: string): { negative: boolean; integer: string; fraction: string } | null {
  let compact = asciiDigits(text).replace(IGNORED, "");
  const negative = MINUS.test(compact);
  if (negative) compact = compact.slice(1);
  else if (compact.startsWith("+")) compact = compact.slice(1);
  // Arabic's own separators are unambiguous: ٫ is the decimal point, ٬ groups thousands.
  compact = compact.replaceAll(ARABIC_GROUP, "_");
  if (!/^[\d.,_\u066b]+$/.test(compact) || !/\d/.test(compact)) return null;

  const own = separatorsOf(locale);
  let decimal: string | null = null;
  if (compact.includes(ARABIC_DECIMAL)) decimal = ARABIC_DECIMAL;
  else {
    const dot = compact.lastIndexOf(".");
    const comma = compact.lastIndexOf(",");
    if (dot >= 0 && comma >= 0) decimal = dot > comma ? "." : ",";
    else if (dot >= 0 || comma >= 0) {
      const mark = dot >= 0 ? "." : ",";
      const count = compact.split(mark).length - 1;
      const after = compact.length - compact.lastIndexOf(mark) - 1;
      if (count > 1) decimal = null; // only groups repeat
      else if (mark === own.decimal) decimal = mark;
      // Three digits after the other mark could be a group of thousands or three decimals: not guessed.
      else if (after === 3) {
        if (mark !== own.group) return null;
        decimal = null;
      } else decimal = mark;
    }
  }

  const [integerText = "", fraction = "", extra] = decimal === null ? [compact, ""] : compact.split(decimal);
  if (extra !== undefined || /[.,_\u066b]/.test(fraction)) return null;
  const groupMarks = new Set(integerText.replace(/\d/g, ""));
  if (groupMarks.size > 1) return null;
  const [mark] = [...groupMarks];
  const integer = mark === undefined ? integerText : validGroups(integerText, mark) ? integerText.split(mark).join("") : null;
  if (integer === null || (integer === "" && fraction === "")) return null;
  return { negative, integer: integer === "" ? "0" : integer, fraction };
}

/**
 * A typed amount of money with at most two decimals (more are accepted only as zeros:
 * "1.500" in English), as Money. Negative amounts are told apart so the caller can
 * name the range rather than call the text unreadable.
 */
export function parseLocaleAmount(text: string, locale: string): AmountParse {
  const parts = splitNumber(text, locale);
  if (parts === null || parts.integer.length > 12) return { ok: false, reason: "invalid" };
  if (/[1-9]/.test(parts.fraction.slice(2))) return { ok: false, reason: "invalid" };
  const cents = Number(parts.fraction.slice(0, 2).padEnd(2, "0"));
  const value = Number(parts.integer) * MONEY_SCALE + cents * (MONEY_SCALE / 100);
  if (parts.negative && value > 0) return { ok: false, reason: "negative" };
  return { ok: true, value };
}

/** A typed whole number ("12", "١٢", "1 000"); decimals are not whole numbers. */
export function parseLocaleWhole(text: string, locale: string): WholeParse {
  const parts = splitNumber(text, locale);
  if (parts === null || parts.integer.length > 9 || /[1-9]/.test(parts.fraction)) return { ok: false, reason: "invalid" };
  const value = Number(parts.integer);
  if (parts.negative && value > 0) return { ok: false, reason: "negative" };
  return { ok: true, value };
}
