import { RATE_REFUSAL_CODES } from "../../../shared/api/refusals";
import { parseMoney, type Money } from "../../../shared/money";
import { ApiError } from "../../lib/api-client";
import { lookupRate } from "../rates/rates-api";
import type { RatedCountry } from "../rates/rated-countries";

/** The spec's last resort when the lookup fails and the country's price is unknown: $0.05 a minute. */
export const FALLBACK_RATE: Money = 500;

export type Quote = { ok: true; rate: Money; e164: string; countryCode: string; estimated: boolean } | { ok: false; refusal: string };

/**
 * The rate for the confirm dialog. A refusal (emergency, premium, invalid number)
 * stops the dial; any other failure falls back to the country's dearest price, or
 * $0.05 (spec). The server's gate prices the call again, so a fallback never undercharges.
 */
export async function quoteCall(number: string, country: RatedCountry, lookup = lookupRate): Promise<Quote> {
  try {
    const answer = await lookup(number);
    return { ok: true, rate: parseMoney(answer.rate), e164: answer.e164, countryCode: answer.countryCode, estimated: false };
  } catch (error) {
    if (error instanceof ApiError && (RATE_REFUSAL_CODES as readonly string[]).includes(error.code)) return { ok: false, refusal: error.code };
    return { ok: true, rate: country.mostExpensive > 0 ? country.mostExpensive : FALLBACK_RATE, e164: number, countryCode: country.code, estimated: true };
  }
}
