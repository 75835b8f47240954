import { getCountry } from "../../shared/countries/countries";

/** The navigation state the call section on home reads: the country picked, the digits typed, and a scroll to it. */
export interface CallSectionState {
  selectedCode: string;
  phoneNumber: string;
  scrollToCall: true;
}

const E164 = /^\+[1-9]\d{5,14}$/;

/**
 * What a "Call" elsewhere (a history row, a contact) hands to the call section, or null when
 * there is no number to dial. The number goes in as the digits after the country's dial code,
 * as a person would type them beside the picker; when the number does not start with that code
 * (a number priced under another region) it goes in whole with its "+", which the phone input
 * reads as a full number.
 */
export function callSectionState(number: string | null | undefined, countryCode: string): CallSectionState | null {
  if (!number || !E164.test(number)) return null;
  const dialDigits = getCountry(countryCode)?.dialCode.replace(/\D/g, "");
  const digits = number.slice(1);
  const phoneNumber = dialDigits && digits.startsWith(dialDigits) && digits.length > dialDigits.length ? digits.slice(dialDigits.length) : number;
  return { selectedCode: countryCode, phoneNumber, scrollToCall: true };
}
