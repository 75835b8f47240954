import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * The phone library's reading of a full number, for the call section. This module
 * carries the library's complete metadata (about 190 KiB), so the call section
 * fetches it on first use (load-number-reader.ts) rather than with the page.
 */
export interface NumberReading {
  /** The region the number belongs to ("+18762101234" → "JM"), if the library can tell. */
  region: string | undefined;
  valid: boolean;
}

/** How the phone library reads "+digits"; null when it cannot read it as a number at all. */
export function readNumber(e164: string): NumberReading | null {
  const phone = parsePhoneNumberFromString(e164);
  return phone ? { region: phone.country, valid: phone.isValid() } : null;
}

/** "+44 20 7946 0958": a number grouped as history shows it (lib/phone-format.ts). */
export { formatPhoneNumber } from "../../lib/phone-format";
