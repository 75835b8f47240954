import { assertMoney, type Money } from "./money";

/**
 * Per-started-minute billing in exact integers (Money = 1e-4 USD, time in whole
 * seconds), the same code on the server (authoritative) and in the browser (the
 * person's running display).
 *
 * A rate of zero is treated as "no price", never as "free": every function
 * below then answers as if the balance buys nothing (time 0, insufficient), so a
 * pricing fault refuses a call instead of granting unlimited talk time. The deck
 * parser already refuses zero carrier prices; this is the second fence.
 */

export const SECONDS_PER_MINUTE = 60;

/** Minutes billed for a talk time: 0 for 0 s, otherwise every started minute (61 s → 2). */
export function billedMinutes(talkSeconds: number): number {
  assertSeconds(talkSeconds);
  return Math.ceil(talkSeconds / SECONDS_PER_MINUTE);
}

/** cost = ceil(seconds / 60) × rate; 0 for an unanswered call (0 s). */
export function callCost(talkSeconds: number, rate: Money): Money {
  assertRate(rate);
  const cost = billedMinutes(talkSeconds) * rate;
  assertMoney(cost);
  return cost;
}

/**
 * The carrier's hang-up limit (Dial timeLimit): the whole minutes the balance pays
 * for, in seconds: floor(balance / rate) × 60. 0 means "refuse the call" (the balance
 * buys less than a minute, the balance is negative, or there is no price).
 * callCost(timeLimitSeconds(b, r), r) ≤ b always holds.
 */
export function timeLimitSeconds(balance: Money, rate: Money): number {
  return minutesForBudget(balance, rate) * SECONDS_PER_MINUTE;
}

/**
 * The spec's "time left = remaining balance / rate × 60 seconds", floored to whole
 * seconds: the countdown shown during a call. Unlike timeLimitSeconds it counts the
 * part of a minute the balance can no longer pay for in full.
 */
export function timeLeftSeconds(balance: Money, rate: Money): number {
  assertMoney(balance);
  assertRate(rate);
  if (rate === 0 || balance <= 0) return 0;
  const scaled = balance * SECONDS_PER_MINUTE;
  assertMoney(scaled);
  return floorDiv(scaled, rate);
}

/** The spec's Insufficient Balance test: balance < per-minute rate (always true when there is no price). */
export function insufficientBalance(balance: Money, rate: Money): boolean {
  assertMoney(balance);
  assertRate(rate);
  return rate === 0 || balance < rate;
}

/** Whole minutes a budget buys at a rate (the price simulator); 0 when there is no price. */
export function minutesForBudget(budget: Money, rate: Money): number {
  assertMoney(budget);
  assertRate(rate);
  if (rate === 0 || budget <= 0) return 0;
  return floorDiv(budget, rate);
}

/**
 * floor(a / b) for non-negative safe integers, b ≥ 1. Exact: a / b = q + r/b with
 * r ≤ b - 1, and rounding the quotient up to q + 1 would need 1/b below half an ulp
 * of q, i.e. q·b > 2^53, which a safe a rules out. (Computing balance / rate × 60
 * in that order instead would not be exact; timeLeftSeconds multiplies first.)
 */
function floorDiv(a: number, b: number): number {
  return Math.floor(a / b);
}

function assertSeconds(seconds: number): void {
  if (!Number.isSafeInteger(seconds) || seconds < 0) {
    throw new RangeError(`talk time must be a non-negative whole number of seconds, got ${seconds}`);
  }
}

function assertRate(rate: Money): void {
  // A negative rate would credit the caller; it is a bug upstream, not "no price".
  assertMoney(rate);
  if (rate < 0) throw new RangeError(`rate must not be negative, got ${rate}`);
}
