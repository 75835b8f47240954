/**
 * The customer's spending controls, as both sides read them. Apart from the endpoint's schema
 * so the profile form reads the rules without loading zod.
 */

/** A typed amount as the server takes it: USD with at most 4 decimals, no sign. */
export const SPENDING_AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,4})?$/;

/** The highest daily limit or alert amount: beyond it the control could never act. */
export const MAX_SPENDING_USD = "10000";

/** The day a daily limit counts: calls settled since the start of the current UTC day. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
