import { isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { typedDigits } from "../../../shared/phone/dial-digits";
import type { RatesCatalog } from "../rates/catalog";
import type { QuoteResult } from "../rates/quote";

/** Written in international form: a "+" or the "00" prefix, as the gate reads it. */
const INTERNATIONAL = /^(\+|00)/;

/**
 * A contact's number as the gate would take it: the rates' quote (quoteNumber, the one
 * function the voice webhook prices and refuses numbers with: validity, emergency and
 * short codes, premium and personal lines, no rate), so a saved contact is a number the
 * customer can call and its price is the price they would be charged.
 *
 * A number written nationally ("070-123 45 67", "(415) 555-0100") is first read by
 * libphonenumber-js in the given country and quoted in its E.164 form. Without a country,
 * or in international form, the text goes to the quote as typed, as the call section sends it.
 * A short code typed nationally ("112" in Sweden, +46112) is refused by the gate's emergency rule.
 */
export function readContactNumber(rates: Pick<RatesCatalog, "quote">, input: string, country?: string): QuoteResult {
  const typed = typedDigits(input);
  if (typed === null) return { ok: false, reason: "invalid_number" };
  if (!country || INTERNATIONAL.test(typed) || !isSupportedCountry(country)) return rates.quote(input);
  const national = parsePhoneNumberFromString(typed, country);
  return national ? rates.quote(national.number) : { ok: false, reason: "invalid_number" };
}
