import { billedMinutes, callCost, timeLimitSeconds } from "../../../shared/billing";
import type { Money } from "../../../shared/money";

export interface CallMeter {
  /** What the call costs so far: every started minute at the rate. */
  cost: Money;
  billedMinutes: number;
  /** Seconds of talk the starting balance still pays for. */
  timeLeft: number;
  /** The balance is spent: the call must end. */
  spent: boolean;
}

/**
 * The person's running display during a call, from the same billing code the server
 * settles with. The time left counts to the carrier's limit as the server set it
 * (`limitSeconds`: the gate's, raised when credit comes in during the call), or, until
 * the server has said, the whole minutes the starting balance pays for, which is how the
 * gate sets it. So the browser never promises talk the carrier will cut.
 */
export function meterCall(talkSeconds: number, rate: Money, startingBalance: Money, limitSeconds: number | null = null): CallMeter {
  const seconds = Math.max(0, Math.floor(talkSeconds));
  const limit = limitSeconds ?? timeLimitSeconds(startingBalance, rate);
  const timeLeft = Math.max(0, limit - seconds);
  return { cost: callCost(seconds, rate), billedMinutes: billedMinutes(seconds), timeLeft, spent: timeLeft === 0 };
}

/** "1:05", "12:00", "1:02:03": a call's clock. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}
