import { getExampleNumber, isSupportedCountry } from "libphonenumber-js/max";
import mobileExamples from "libphonenumber-js/examples.mobile.json";

export interface DialingExample {
  /** "+44 7400 123456" */
  international: string;
  /** How people in the country write it: "07400 123456". */
  national: string;
  /** What to type after the picker's dial code: "7400123456" after +44, "2101234" after +1876. */
  afterDialCode: string;
}

/** An example mobile number of the country (libphonenumber's), split the way our dialler takes it. */
export function dialingExample(code: string, dialCode: string): DialingExample | null {
  if (!isSupportedCountry(code)) return null;
  const example = getExampleNumber(code, mobileExamples);
  if (!example) return null;
  const digits = example.number.slice(1);
  const dialDigits = dialCode.replace(/\D/g, "");
  if (!digits.startsWith(dialDigits)) return null;
  return { international: example.formatInternational(), national: example.formatNational(), afterDialCode: digits.slice(dialDigits.length) };
}
