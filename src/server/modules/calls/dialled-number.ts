import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { normalizeDialInput } from "../../../shared/phone/dial-digits";
import { cutText, plainText } from "../../../shared/text/plain-text";

/** The most a refused call keeps of what was dialled when it reads as no phone number. */
export const DIALLED_TEXT_MAX_LENGTH = 32;

/**
 * The number a refused call records (the gate's `To` when no quote was given): its E.164 form
 * when it reads as a number of a possible length ("+44 (0) 7106 123456" → "+447106123456";
 * premium, personal and unpriced numbers are numbers too), else the text made plain and cut to
 * 32 characters. The record is shown to the customer and in the back office, and exported:
 * a right-to-left override, a control character or a page of text must not reach them.
 * What the device sends is the browser's to choose, so nothing of it is trusted.
 */
export function dialledNumberOf(to: string): string {
  const digits = normalizeDialInput(to);
  const phone = digits === null ? undefined : parsePhoneNumberFromString(`+${digits}`);
  if (phone?.isPossible()) return phone.number;
  return cutText(plainText(to), DIALLED_TEXT_MAX_LENGTH);
}
