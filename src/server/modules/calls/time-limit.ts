import { timeLimitSeconds } from "../../../shared/billing";
import type { Money } from "../../../shared/money";

import { MAX_CALL_SECONDS } from "../../../shared/calls/call-length";

export { MAX_CALL_SECONDS, MIN_CALL_SECONDS } from "../../../shared/calls/call-length";

/**
 * The seconds a call may run: the whole minutes the balance pays for at the rate, never
 * more than the longest call. The gate gives the carrier this limit, a top-up during a
 * call raises it by the same rule, and the confirm dialog shows it (the call quote), so
 * what the customer is promised is what the carrier allows.
 */
export function callTimeLimit(balance: Money, rate: Money): number {
  return Math.min(timeLimitSeconds(balance, rate), MAX_CALL_SECONDS);
}
