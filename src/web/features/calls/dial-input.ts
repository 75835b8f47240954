import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { maxLocalDigits, normalizeDialInput } from "../../../shared/phone/dial-digits";
import { isEmergencyNumber } from "../../../shared/phone/emergency";
import type { RatedCountry } from "../rates/rated-countries";

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

/** The country a full international number belongs to, among the callable ones (the +1 and +44 families by number, not by code). */
function countryOfNumber(digits: string, countries: readonly RatedCountry[]): RatedCountry | null {
  const region = parsePhoneNumberFromString(`+${digits}`)?.country;
  const byRegion = region ? countries.find((country) => country.code === region) : undefined;
  if (byRegion) return byRegion;
  // Not a valid number yet (still typing): the longest calling code that starts it.
  const candidates = countries.filter((country) => digits.startsWith(country.callingCode));
  // Longest code first; among countries sharing one (+44: GB, GG, JE, IM), the popular one.
  candidates.sort((a, b) => b.callingCode.length - a.callingCode.length || Number(b.isPopular) - Number(a.isPopular));
  return candidates[0] ?? null;
}

/**
 * A pasted or typed "+number" (or "00…") fills both the country and the number.
 * Returns null when the text is not in international form: then it is local digits.
 */
export function splitInternational(text: string, countries: readonly RatedCountry[]): { country: RatedCountry; local: string } | null {
  const trimmed = text.trim();
  if (!/^(\+|＋|00)/.test(trimmed)) return null;
  const digits = normalizeDialInput(trimmed);
  if (digits === null) return null;
  const country = countryOfNumber(digits, countries);
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
export function countryMismatch(country: RatedCountry, local: string, countries: readonly RatedCountry[]): { country: RatedCountry; local: string } | null {
  const dialled = parsePhoneNumberFromString(dialledNumber(country, local));
  if (dialled?.isValid()) {
    const other = dialled.country && dialled.country !== country.code ? countries.find((entry) => entry.code === dialled.country) : undefined;
    return other ? { country: other, local } : null;
  }
  const typedInFull = parsePhoneNumberFromString(`+${local}`);
  if (!typedInFull?.isValid() || !typedInFull.country) return null;
  const other = countries.find((entry) => entry.code === typedInFull.country);
  if (!other || other.code === country.code) return null;
  return { country: other, local: clampLocalDigits(other.dialCode, local.slice(other.callingCode.length)) };
}
