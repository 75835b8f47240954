import { parsePhoneNumberFromString, type NumberType, type PhoneNumber } from "libphonenumber-js/max";
import type { Money } from "../money";
import { lineKind, type LineKind } from "../rates/line-kind";
import type { PrefixIndex, PrefixMatch } from "../rates/prefix-index";
import { assertMarginBp, customerRate, DEFAULT_MARGIN_BP, type CarrierRate } from "../rates/pricing";
import { isEmergencyNumber } from "./emergency";

/**
 * Whether a typed number may be called, and at what price. The server runs this
 * as the gate (quote and voice webhook); the browser runs the same code to show
 * the price and refuse early. It never throws for any input string (only for a
 * margin setting out of range, which is a configuration error).
 */

export type DialRefusal = "invalid_number" | "emergency_blocked" | "premium_blocked" | "personal_blocked" | "no_rate";

export interface DialableNumber {
  ok: true;
  /** "+18762101234" */
  e164: string;
  /** "18762101234": what the prefix index and the carrier see. */
  digits: string;
  /** The region the number belongs to (libphonenumber), or the deck row's code for non-geographic numbers (ZZ). */
  countryCode: string;
  /** The deck row's own code; differs from countryCode when a region is priced under another (CA numbers on the US "1" row). */
  rateCountryCode: string;
  lineType: string;
  lineKind: LineKind;
  /** libphonenumber's type of the number when it can tell (MOBILE, FIXED_LINE, …). */
  numberType: NumberType | undefined;
  /** 1e-5 USD per minute. */
  carrierRate: CarrierRate;
  /** The customer's per-minute rate. */
  rate: Money;
  marginBp: number;
  /** The deck prefix that priced the number (longest match). */
  prefix: string;
}

export interface RefusedNumber {
  ok: false;
  reason: DialRefusal;
}

export type DialCheck = DialableNumber | RefusedNumber;

export interface DialCheckOptions {
  /** Margin in basis points; 9000 (× 1.9) by default. An out-of-range margin throws (configuration error). */
  marginBp?: number;
}

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
function typedDigits(input: string): string | null {
  if (typeof input !== "string" || input.length === 0 || input.length > MAX_INPUT_LENGTH) return null;
  const compact = toAsciiDigits(input).replace(SEPARATORS, "");
  return /^\+?\d+$/.test(compact) ? compact : null;
}

function parse(digits: string): PhoneNumber | undefined {
  try {
    return parsePhoneNumberFromString(`+${digits}`);
  } catch {
    return undefined; // the "FromString" variant returns undefined; this is belt and braces
  }
}

/**
 * Checks a number for calling: format and validity (libphonenumber metadata),
 * the emergency rule, the rate (longest deck prefix), and the fraud rules.
 * Premium-rate and personal numbers are refused whether the deck's line type or
 * libphonenumber's number type says so: the deck does not list every premium range
 * (e.g. German 0900), and such a range would otherwise be priced as a landline.
 */
export function checkDialable(input: string, index: PrefixIndex, options: DialCheckOptions = {}): DialCheck {
  const marginBp = options.marginBp ?? DEFAULT_MARGIN_BP;
  // A bad margin is a configuration error, not a bad number: it throws, loudly.
  assertMarginBp(marginBp);
  try {
    return check(input, index, marginBp);
  } catch {
    // Nothing in check() is expected to throw for any string; if the phone library
    // ever does, the number is refused rather than the request failing.
    return { ok: false, reason: "invalid_number" };
  }
}

/**
 * The deck row that prices a number: the longest prefix, unless that prefix is another
 * region's and the number's own region is priced by the deck (then the region's
 * dearest ordinary row: a gap in a region's prefix list never sells its calls at a
 * neighbour's cheaper price; see PrefixIndex.coverageGapRow).
 */
function priceMatch(index: PrefixIndex, digits: string, region: string | undefined): PrefixMatch | null {
  const match = index.lookup(digits);
  if (match === null || region === undefined || match.row.iso === region) return match;
  const gapRow = index.coverageGapRow(region);
  if (gapRow === null || gapRow.carrierRate <= match.row.carrierRate) return match;
  return { row: gapRow, prefix: match.prefix };
}

function check(input: string, index: PrefixIndex, marginBp: number): DialCheck {
  const typed = typedDigits(input);
  if (typed === null) return { ok: false, reason: "invalid_number" };
  const digits = normalizeDialInput(input);
  // Before validity: "112", "000" or "+44 999" must say "emergency", not "invalid number".
  // The digits as typed catch "000" (which reads as an international prefix), the
  // normalized ones catch "0044 999". isEmergencyNumber ignores the "+".
  if (isEmergencyNumber(typed) || (digits !== null && isEmergencyNumber(digits))) {
    return { ok: false, reason: "emergency_blocked" };
  }
  if (digits === null) return { ok: false, reason: "invalid_number" };

  const phone = parse(digits);
  if (phone === undefined) return { ok: false, reason: "invalid_number" };
  // A number with a type is valid (libphonenumber's isValid() is "has a type" when the
  // metadata has types, and a type needs the national pattern to match), so the type is
  // read once and isValid() runs only for numbers without one: half the regex work on
  // the quote's hot path, the same answers.
  const numberType = phone.getType();
  if (numberType === undefined && !phone.isValid()) return { ok: false, reason: "invalid_number" };
  // libphonenumber's canonical digits: "+44 (0) 7106…" becomes 447106…
  const e164 = phone.number;
  const canonical = e164.slice(1);
  if (isEmergencyNumber(canonical)) return { ok: false, reason: "emergency_blocked" };

  if (numberType === "PREMIUM_RATE") return { ok: false, reason: "premium_blocked" };
  if (numberType === "PERSONAL_NUMBER") return { ok: false, reason: "personal_blocked" };

  const match = priceMatch(index, canonical, phone.country);
  if (match === null) return { ok: false, reason: "no_rate" };
  const kind = lineKind(match.row.lineType, match.row.iso);
  if (kind === "premium") return { ok: false, reason: "premium_blocked" };
  if (kind === "personal") return { ok: false, reason: "personal_blocked" };

  const rate = customerRate(match.row.carrierRate, marginBp);
  if (rate <= 0) return { ok: false, reason: "no_rate" };

  return {
    ok: true,
    e164,
    digits: canonical,
    countryCode: phone.country ?? match.row.iso,
    rateCountryCode: match.row.iso,
    lineType: match.row.lineType,
    lineKind: kind,
    numberType,
    carrierRate: match.row.carrierRate,
    rate,
    marginBp,
    prefix: match.prefix,
  };
}
