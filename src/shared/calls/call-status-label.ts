import type { CallLog, CallStatus } from "../api/calls";

/** Translation key of a status as a filter names it ("no-answer" → history.status.no_answer). */
export const callStatusKey = (status: CallStatus): string => `history.status.${status.replace("-", "_")}`;

/**
 * How a call's row words its outcome. An incoming call nobody answered is missed, and one
 * the customer turned down is declined (the carrier tells the caller busy, which is not
 * what happened to the customer); every other row says its status.
 */
export function callOutcomeKey(call: Pick<CallLog, "status" | "direction">): string {
  if (call.direction === "inbound" && call.status === "no-answer") return "history.status.missed";
  if (call.direction === "inbound" && call.status === "busy") return "history.status.declined";
  return callStatusKey(call.status);
}
