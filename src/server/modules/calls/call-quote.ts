import { moneyToDecimal } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { AppError } from "../../http/app-error";
import { getBalance } from "../credits/ledger";
import type { RatesCatalog } from "../rates/catalog";
import { REFUSAL_MESSAGES } from "../rates/quote";
import { spendingAllowance } from "../profile/spending";
import { callTimeLimit, MAX_CALL_SECONDS, MIN_CALL_SECONDS } from "./time-limit";

/**
 * The confirm dialog's figures for a call to `number` now: priced by quoteNumber as the
 * gate prices it and limited by the gate's own callTimeLimit, so the minutes the dialog
 * promises are the ones the carrier will allow (until the balance moves), today's
 * spending limit included.
 */
export async function quoteCallFor(db: Executor, rates: Pick<RatesCatalog, "quote">, userId: string, number: string) {
  const quote = rates.quote(number);
  if (!quote.ok) throw new AppError(422, quote.reason, REFUSAL_MESSAGES[quote.reason]);
  const balance = await getBalance(db, userId);
  // The gate's allowance: the balance, or what today's spending limit leaves when that is less.
  const allowance = await spendingAllowance(db, userId, balance);
  const limit = callTimeLimit(allowance.amount, quote.rate);
  return {
    e164: quote.e164,
    countryCode: quote.countryCode,
    rate: moneyToDecimal(quote.rate),
    balance: moneyToDecimal(balance),
    timeLimitSeconds: limit < MIN_CALL_SECONDS ? 0 : limit,
    longestCall: limit >= MAX_CALL_SECONDS,
    dailyLimit:
      allowance.dailyLimit === null
        ? null
        : { limit: moneyToDecimal(allowance.dailyLimit), spentToday: moneyToDecimal(allowance.spentToday), capsCall: limit < callTimeLimit(balance, quote.rate) },
  };
}
