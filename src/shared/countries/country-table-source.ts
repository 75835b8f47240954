import { getCountries, getCountryCallingCode, getExampleNumber, isSupportedCountry } from "libphonenumber-js/max";
import mobileExamples from "libphonenumber-js/examples.mobile.json";
// The same module libphonenumber-js/max loads itself, so it adds nothing to a bundle.
import phoneMetadata from "libphonenumber-js/metadata.max.json";
import type { CountryRow } from "./country-table";
import type { DialingExampleRow } from "./dialing-examples";

/**
 * The country table and the dialing examples as the phone library gives them today.
 * The pages read the generated copies (country-table.ts, dialing-examples.ts), which
 * spares the browser the library's metadata; scripts/country-table.test.ts compares
 * them, so a library update that moves a dial code or an example fails until the
 * copies are written again (`npm run countries:table`).
 */

// NANP members that span the whole plan keep "+1"; every other member is reached by
// its own area code(s), so the picker shows the area code as part of the dial code.
const WHOLE_PLAN_NANP = new Set(["US", "CA"]);

/**
 * E.164 digits of libphonenumber's example mobile number for a region, or null.
 * Used to find a NANP member's area code and, in rate summaries, a real number to price.
 */
export function exampleNumberDigits(code: string): string | null {
  const region = code.toUpperCase();
  if (!isSupportedCountry(region)) return null;
  const example = getExampleNumber(region, mobileExamples);
  return example ? example.number.slice(1) : null;
}

/**
 * The dial code shown for a region. For NANP members other than the US and Canada
 * it is +1 and the area code of libphonenumber's example number (JM +1876, BS +1242,
 * PR +1787, DO +1809): the area codes come from the phone library's metadata, not
 * from our rate deck, so a deck refresh cannot move a country.
 */
function dialCodeOf(code: string, callingCode: string): string {
  if (callingCode !== "1" || WHOLE_PLAN_NANP.has(code)) return `+${callingCode}`;
  const digits = exampleNumberDigits(code);
  return digits !== null && digits.length === 11 ? `+${digits.slice(0, 4)}` : "+1";
}

// The region libphonenumber lists first for a shared calling code (US for 1, GB for
// 44, RU for 7) is its main one.
function isMainRegion(code: string, callingCode: string): boolean {
  return phoneMetadata.country_calling_codes[callingCode]?.[0] === code;
}

/** Every region libphonenumber-js knows (about 245), sorted by code. */
export function countryTableFromLibrary(): CountryRow[] {
  return getCountries()
    .map((region): CountryRow => {
      const callingCode = getCountryCallingCode(region);
      return [region, callingCode, dialCodeOf(region, callingCode), isMainRegion(region, callingCode)];
    })
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Each region's example mobile number as the phone library writes it, by code (regions without one are left out). */
export function dialingExamplesFromLibrary(): Record<string, DialingExampleRow> {
  const examples: Record<string, DialingExampleRow> = {};
  for (const region of getCountries()) {
    const example = getExampleNumber(region, mobileExamples);
    if (example) examples[region] = [example.number.slice(1), example.formatInternational(), example.formatNational()];
  }
  return examples;
}
