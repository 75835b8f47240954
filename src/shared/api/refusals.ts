/**
 * Refusal codes the browser tells apart on its first screens. Kept apart from the endpoints'
 * schemas so the home page reads them without loading zod (decision 020).
 */

/** Why the gate refused a call (the `call.status` event's `reason` with status failed). */
export const CALL_REFUSALS = [
  "insufficient_balance",
  "daily_limit_reached",
  "call_in_progress",
  "invalid_number",
  "emergency_blocked",
  "premium_blocked",
  "personal_blocked",
  "no_rate",
  "unknown_caller",
  "account_banned",
] as const;
export type CallRefusal = (typeof CALL_REFUSALS)[number];

/** Why a number has no price (`POST /api/rates/lookup` answers 422 with one of these codes). */
export const RATE_REFUSAL_CODES = ["invalid_number", "emergency_blocked", "premium_blocked", "personal_blocked", "no_rate"] as const;
