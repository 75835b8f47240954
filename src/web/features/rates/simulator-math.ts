import { billedMinutes, callCost, minutesForBudget, SECONDS_PER_MINUTE } from "../../../shared/billing";
import { parseMoney, type Money } from "../../../shared/money";

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

/** The largest budget the simulator takes, in dollars: far above any top-up, far below unsafe integers. */
export const MAX_BUDGET_DOLLARS = 100_000;

/**
 * A typed dollar amount ("10", "12.5", "12,50", "$ 20") to Money, or null when it
 * is not an amount of at most two decimals between 0 and the maximum.
 */
export function parseBudget(text: string): Money | null {
  const cleaned = text.replace(/[\s$]/g, "").replace(",", ".");
  if (!/^\d{1,6}(\.\d{0,2})?$/.test(cleaned)) return null;
  const amount = parseMoney(cleaned.endsWith(".") ? cleaned.slice(0, -1) : cleaned);
  return amount <= MAX_BUDGET_DOLLARS * 10_000 ? amount : null;
}

/** A whole number typed in a field, clamped to [0, max]; empty or junk is 0. */
export function parseWhole(text: string, max: number): number {
  const value = Number.parseInt(text.replace(/\D/g, ""), 10);
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), max) : 0;
}
