import { billedMinutes, callCost, minutesForBudget, SECONDS_PER_MINUTE } from "../../../shared/billing";
import { parseLocaleAmount, parseLocaleWhole } from "../../../shared/i18n/locale-number";
import type { Money } from "../../../shared/money";

/** A country's per-minute price range (customer rates). */
export interface PriceRange {
  cheapest: Money;
  mostExpensive: Money;
}

export interface CostEstimate {
  /** Whole started minutes the talk time is billed as (61 s → 2). */
  billedMinutes: number;
  /** What the real bill would say at the cheapest and the dearest rate: billed minutes × rate. */
  cheapestCost: Money;
  mostExpensiveCost: Money;
}

/** The cost of a talk time, by the same rule and in the same integers as the real bill. */
export function estimateCost(talkSeconds: number, range: PriceRange): CostEstimate {
  return {
    billedMinutes: billedMinutes(talkSeconds),
    cheapestCost: callCost(talkSeconds, range.cheapest),
    mostExpensiveCost: callCost(talkSeconds, range.mostExpensive),
  };
}

export interface TalkTimeEstimate {
  /** Whole minutes the budget pays for in full at the cheapest rate (the most talk time). */
  atCheapest: number;
  /** … and at the dearest rate (the least talk time). */
  atMostExpensive: number;
}

/** The talk time a budget buys: whole minutes, because every started minute is billed in full. */
export function estimateTalkTime(budget: Money, range: PriceRange): TalkTimeEstimate {
  return { atCheapest: minutesForBudget(budget, range.cheapest), atMostExpensive: minutesForBudget(budget, range.mostExpensive) };
}

/** Talk time from the simulator's minutes and seconds fields. */
export function talkSeconds(minutes: number, seconds: number): number {
  return minutes * SECONDS_PER_MINUTE + seconds;
}

/** The budgets the simulator takes, in Money: one cent up to far above any top-up, far below unsafe integers. */
export const MIN_BUDGET: Money = 100;
export const MAX_BUDGET: Money = 100_000 * 10_000;
export const MAX_MINUTES = 9999;
export const MAX_SECONDS = 59;

/** A field's value, or why it cannot be used: not a number ("invalid") or outside the range ("range"). */
export type FieldCheck<T> = { ok: true; value: T } | { ok: false; error: "invalid" | "range" };

/**
 * A typed dollar amount in the reader's language ("12,50" in Swedish, "12.50" in
 * English, "١٢٫٥٠" in Arabic; see parseLocaleAmount), at most two decimals, within
 * [MIN_BUDGET, MAX_BUDGET]. Nothing is clamped: an amount outside is refused.
 */
export function checkBudget(text: string, locale: string): FieldCheck<Money> {
  const parsed = parseLocaleAmount(text, locale);
  if (!parsed.ok) return { ok: false, error: parsed.reason === "negative" ? "range" : "invalid" };
  return parsed.value < MIN_BUDGET || parsed.value > MAX_BUDGET ? { ok: false, error: "range" } : { ok: true, value: parsed.value };
}

/** A typed whole number within [0, max]; anything else is refused, never clamped. */
export function checkWhole(text: string, locale: string, max: number): FieldCheck<number> {
  const parsed = parseLocaleWhole(text, locale);
  if (!parsed.ok) return { ok: false, error: parsed.reason === "negative" ? "range" : "invalid" };
  return parsed.value > max ? { ok: false, error: "range" } : { ok: true, value: parsed.value };
}
