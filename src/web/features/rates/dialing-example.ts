import { DIALING_EXAMPLES } from "../../../shared/countries/dialing-examples";

export interface DialingExample {
  /** "+44 7400 123456" */
  international: string;
  /** How people in the country write it: "07400 123456". */
  national: string;
  /** What to type after the picker's dial code: "7400123456" after +44, "2101234" after +1876. */
  afterDialCode: string;
}

/**
 * An example mobile number of the country (libphonenumber's), split the way our dialler
 * takes it. Read from the generated table, so the rate pages need no phone library.
 */
export function dialingExample(code: string, dialCode: string): DialingExample | null {
  const example = Object.hasOwn(DIALING_EXAMPLES, code) ? DIALING_EXAMPLES[code] : undefined;
  if (!example) return null;
  const [digits, international, national] = example;
  const dialDigits = dialCode.replace(/\D/g, "");
  if (!digits.startsWith(dialDigits)) return null;
  return { international, national, afterDialCode: digits.slice(dialDigits.length) };
}
