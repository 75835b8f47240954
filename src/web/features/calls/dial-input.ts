import { maxLocalDigits, normalizeDialInput } from "../../../shared/phone/dial-digits";
import { isEmergencyNumber } from "../../../shared/phone/emergency";
import type { RatedCountry } from "../../lib/rates/rated-countries";
import type { NumberReader } from "./load-number-reader";

/** Digits typed in any script ("٠١٢", "０１２") become ASCII; anything else is dropped. */
export function onlyDigits(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    for (const zero of [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xff10]) {
      if (code >= zero && code <= zero + 9) {
        out += String(code - zero);
        break;
      }
    }
  }
  return out;
}

/** The phone input's rule: digits only, at most 15 minus the dial code's digits. */
export function clampLocalDigits(dialCode: string, typed: string): string {
  return onlyDigits(typed).slice(0, maxLocalDigits(dialCode));
}

/** The callable countries whose calling code starts the digits, longest code first; among countries sharing one (+44: GB, GG, JE, IM), the popular one. */
function countriesByCallingCode(digits: string, countries: readonly RatedCountry[]): RatedCountry[] {
  const candidates = countries.filter((country) => digits.startsWith(country.callingCode));
  return candidates.sort((a, b) => b.callingCode.length - a.callingCode.length || Number(b.isPopular) - Number(a.isPopular));
}

/**
 * The E.164 digits of a typed or pasted "+number" (or "00…") whose calling code is a
 * callable country's; null when the text is not in international form: then it is
 * local digits. Decided without the phone library, so an input can take the text at once.
 */
export function internationalDigits(text: string, countries: readonly RatedCountry[]): string | null {
  const trimmed = text.trim();
  if (!/^(\+|＋|00)/.test(trimmed)) return null;
  const digits = normalizeDialInput(trimmed);
  return digits !== null && countriesByCallingCode(digits, countries).length > 0 ? digits : null;
}

/**
 * Typed text that is a "+" and the start of a callable country's calling code ("+", "+4" on the way to "+44"),
 * as "+digits"; null otherwise. The field shows it while the code is being typed, instead of dropping the "+"
 * and reading the digits as a national number.
 */
export function callingCodeDraft(typed: string, countries: readonly RatedCountry[]): string | null {
  const match = /^\s*[+＋]/.exec(typed);
  if (!match) return null;
  const digits = onlyDigits(typed.slice(match[0].length));
  return countries.some((country) => country.callingCode.startsWith(digits)) ? `+${digits}` : null;
}

/**
 * The country and local digits of a full international number (internationalDigits):
 * the number's own region when the phone library can tell (the +1 and +44 families
 * by number, not by code), else the longest calling code that starts it (still typing,
 * or the reader could not be fetched).
 */
export function splitInternational(digits: string, countries: readonly RatedCountry[], reader: NumberReader | null): { country: RatedCountry; local: string } | null {
  const region = reader?.readNumber(`+${digits}`)?.region;
  const country = (region ? countries.find((entry) => entry.code === region) : undefined) ?? countriesByCallingCode(digits, countries)[0];
  if (!country) return null;
  return { country, local: clampLocalDigits(country.dialCode, digits.slice(country.callingCode.length)) };
}

/** The number the call section dials: "+" with the picked country's code and the typed digits. */
export function dialledNumber(country: RatedCountry, local: string): string {
  return `+${country.callingCode}${local}`;
}

/** The spec's emergency block, on the number as dialled and on the digits as typed ("911" under +1). */
export function isBlockedEmergency(country: RatedCountry, local: string): boolean {
  return isEmergencyNumber(local) || isEmergencyNumber(`${country.callingCode}${local}`);
}

/**
 * The number looks like another country's: either it is a valid number of another
 * region with the same dial code (a Canadian number under the US), or the typed
 * digits start with another country's code (a UK number typed in full under the US).
 */
export function countryMismatch(country: RatedCountry, local: string, countries: readonly RatedCountry[], reader: NumberReader): { country: RatedCountry; local: string } | null {
  const dialled = reader.readNumber(dialledNumber(country, local));
  if (dialled?.valid) {
    const other = dialled.region && dialled.region !== country.code ? countries.find((entry) => entry.code === dialled.region) : undefined;
    return other ? { country: other, local } : null;
  }
  const typedInFull = reader.readNumber(`+${local}`);
  if (!typedInFull?.valid || !typedInFull.region) return null;
  const other = countries.find((entry) => entry.code === typedInFull.region);
  if (!other || other.code === country.code) return null;
  return { country: other, local: clampLocalDigits(other.dialCode, local.slice(other.callingCode.length)) };
}
