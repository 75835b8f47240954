import { parsePhoneNumberFromString, type NumberType, type PhoneNumber } from "libphonenumber-js/max";
import type { Money } from "../money";
import { lineKind, type LineKind } from "../rates/line-kind";
import type { PrefixIndex, PrefixMatch } from "../rates/prefix-index";
import { assertMarginBp, customerRate, DEFAULT_MARGIN_BP, type CarrierRate } from "../rates/pricing";
import { normalizeDialInput, typedDigits } from "./dial-digits";
import { isEmergencyNumber } from "./emergency";

/**
 * Whether a typed number may be called, and at what price. The server runs this
 * as the gate (quote and voice webhook) and for the prices it shows; the browser
 * asks the server (it never loads this module: the phone library's full metadata
 * stays out of its pages). It never throws for any input string (only for a
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
