import { checkDialable, type DialableNumber, type DialRefusal, type RefusedNumber } from "../../../shared/phone/number-check";
import { clampToBand } from "./country-rate-values";
import { countryNameIn, type RatesSnapshot } from "./snapshot";

/**
 * The price of one number: the only pricing entry point on the server. The quote
 * endpoint uses it now; the call gate and billing use the same function, so what
 * a customer is shown is what they are charged.
 */
export interface Quote extends DialableNumber {
  countryName: string;
  /** The country is under an admin's band and the deck rate was clamped into it. */
  overridden: boolean;
}

export type QuoteResult = Quote | RefusedNumber;

export function quoteNumber(snapshot: RatesSnapshot, input: string): QuoteResult {
  const check = checkDialable(input, snapshot.index, { marginBp: snapshot.marginBp });
  if (!check.ok) return check;
  // The override belongs to the country the number is in (a Canadian number priced
  // on the US row follows Canada's band, not the US one).
  const country = snapshot.countries.get(check.countryCode);
  const overridden = country?.manualOverride === true;
  return {
    ...check,
    rate: overridden ? clampToBand(check.rate, country.band) : check.rate,
    countryName: countryNameIn(snapshot, check.countryCode, check.rateCountryCode),
    overridden,
  };
}

/** English messages for the refusals; the web shows errors.<code> from the translations. */
export const REFUSAL_MESSAGES: Readonly<Record<DialRefusal, string>> = {
  invalid_number: "This is not a valid phone number. Enter it with its country code, for example +44 20 7946 0958.",
  emergency_blocked: "Emergency Number Blocked - Emergency numbers cannot be dialed through this service",
  premium_blocked: "Premium-rate numbers cannot be called through this service.",
  personal_blocked: "Personal numbers cannot be called through this service.",
  no_rate: "We do not have a rate for this destination, so it cannot be called yet.",
};
