import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * "+44 7106 123456": the number grouped as people write it, or as stored when it cannot
 * be read. This module carries the phone library's full metadata: pages that list numbers
 * (history, the admin's calls) import it; the rate checker fetches it beside its lookup.
 */
export function formatPhoneNumber(number: string): string {
  if (!number.startsWith("+")) return number;
  return parsePhoneNumberFromString(number)?.formatInternational() ?? number;
}
