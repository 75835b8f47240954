import { callQuoteRoute } from "../../../shared/api/routes";
import { RATE_REFUSAL_CODES } from "../../../shared/api/refusals";
import { parseMoney, type Money } from "../../../shared/money";
import { ApiError, callApi } from "../../lib/api-client";

export interface CallQuote {
  e164: string;
  countryCode: string;
  rate: Money;
  balance: Money;
  /** The seconds the gate will let this call run (0: the balance buys less than a minute). */
  timeLimitSeconds: number;
  /** The limit is the longest a call may last, not what the balance buys. */
  longestCall: boolean;
  /** The customer's daily spending limit, when set; `capsCall`: it, not the balance, bounds this call. */
  dailyLimit: { limit: Money; spentToday: Money; capsCall: boolean } | null;
}

export type Quote = ({ ok: true } & CallQuote) | { ok: false; refusal: string } | { ok: false; refusal: null };

/**
 * The confirm dialog's figures, from the server (POST /api/calls/quote): the rate and the
 * time limit the gate will give this call, worked out by the gate's own function, so the
 * dialog never promises minutes the carrier will cut. A refusal (emergency, premium, invalid
 * number) stops the dial with its code; any other failure stops it with none.
 */
export async function quoteCall(number: string, ask = (body: { number: string }) => callApi(callQuoteRoute, { body })): Promise<Quote> {
  try {
    const answer = await ask({ number });
    const daily = answer.dailyLimit;
    return {
      ok: true,
      e164: answer.e164,
      countryCode: answer.countryCode,
      rate: parseMoney(answer.rate),
      balance: parseMoney(answer.balance),
      timeLimitSeconds: answer.timeLimitSeconds,
      longestCall: answer.longestCall,
      dailyLimit: daily ? { limit: parseMoney(daily.limit), spentToday: parseMoney(daily.spentToday), capsCall: daily.capsCall } : null,
    };
  } catch (error) {
    if (error instanceof ApiError && (RATE_REFUSAL_CODES as readonly string[]).includes(error.code)) return { ok: false, refusal: error.code };
    return { ok: false, refusal: null };
  }
}
