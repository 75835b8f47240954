import type { CallLog } from "../../../shared/api/calls";
import { getCountry } from "../../../shared/countries/countries";

/** The navigation state the call section on home reads: the country picked, the digits typed, and a scroll to it. */
export interface CallAgainState {
  selectedCode: string;
  phoneNumber: string;
  scrollToCall: true;
}

const E164 = /^\+[1-9]\d{5,14}$/;

/**
 * What "Call again" hands to the call section, or null when the row has no number to dial
 * (an incoming call whose caller was hidden). The number goes in as the digits after the
 * country's dial code, as a person would type them beside the picker; when the number does
 * not start with that code (a number priced under another region) it goes in whole with its
 * "+", which the phone input reads as a full number.
 */
export function callAgainState(call: Pick<CallLog, "direction" | "toNumber" | "fromNumber" | "countryCode">): CallAgainState | null {
  const number = call.direction === "inbound" ? call.fromNumber : call.toNumber;
  if (!number || !E164.test(number)) return null;
  const dialDigits = getCountry(call.countryCode)?.dialCode.replace(/\D/g, "");
  const digits = number.slice(1);
  const phoneNumber = dialDigits && digits.startsWith(dialDigits) && digits.length > dialDigits.length ? digits.slice(dialDigits.length) : number;
  return { selectedCode: call.countryCode, phoneNumber, scrollToCall: true };
}
