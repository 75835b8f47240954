import { eq } from "drizzle-orm";
import { FINAL_CALL_STATUSES, type CallStatus } from "../../../shared/api/calls";
import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";
import { callLogs } from "../../db/schema/calls";
import type { CallCutOff } from "../../../shared/api/live-events";
import { publishUserEvent } from "../events/user-events";
import { MAX_CALL_SECONDS } from "./time-limit";

export type CallLogRow = typeof callLogs.$inferSelect;

export const LIVE_CALL_STATUSES = ["initiated", "ringing", "answered"] as const satisfies readonly CallStatus[];

/** A call moves only up these ranks; the final statuses share the top one, so nothing follows a final status. */
const RANK: Readonly<Record<CallStatus, number>> = {
  initiated: 0,
  ringing: 1,
  answered: 2,
  completed: 3,
  busy: 3,
  declined: 3,
  "no-answer": 3,
  failed: 3,
  canceled: 3,
};

export const statusRank = (status: CallStatus): number => RANK[status];
export const isFinal = (status: CallStatus): boolean => FINAL_CALL_STATUSES.includes(status);

/** The SIP answer of a callee who refused the call (the spec's "603: Call declined"). */
export const SIP_DECLINE = "603";

/**
 * A carrier's status word as a call status: Twilio's `in-progress` (and the
 * `answered` event's own name) mean answered, `queued` is initiated. Unknown words: null.
 * Twilio's words call a refused call `busy`; its SIP answer (SipResponseCode 603) tells a
 * callee who declined from a line that was busy, and that call is `declined`.
 */
export function callStatusOf(carrierStatus: string, sipResponseCode?: string): CallStatus | null {
  if (carrierStatus === "busy" && sipResponseCode === SIP_DECLINE) return "declined";
  switch (carrierStatus) {
    case "queued":
    case "initiated":
      return "initiated";
    case "ringing":
      return "ringing";
    case "in-progress":
    case "answered":
      return "answered";
    case "completed":
    case "busy":
    case "no-answer":
    case "failed":
    case "canceled":
      return carrierStatus;
    default:
      return null;
  }
}

/** The call log row, locked for this transaction: every change to one call happens one after another. */
export async function lockCall(tx: Executor, callSid: string): Promise<CallLogRow | undefined> {
  const [row] = await tx.select().from(callLogs).where(eq(callLogs.callSid, callSid)).for("update");
  return row;
}

/** Tells the customer's browser where the call stands (`call.status`), in the caller's transaction. */
export async function publishCallStatus(bus: BusPublisher, tx: Executor, call: CallLogRow): Promise<void> {
  const settled = isFinal(call.status);
  await publishUserEvent(bus, tx, call.userId, "call.status", {
    callSid: call.callSid,
    status: call.status,
    talkDurationSeconds: call.durationSeconds,
    toNumber: call.toNumber,
    ratePerMin: call.ratePerMin,
    timeLimitSeconds: call.timeLimitSeconds > 0 ? call.timeLimitSeconds : null,
    costUsd: settled ? call.costUsd : null,
    reason: call.refusalReason ?? null,
    cutOff: cutOffOf(call),
  });
}

/** Why a settled call ended at its limit: the carrier hangs up at exactly the limit (Twilio's Dial timeLimit, the local carrier's). */
export function cutOffOf(call: Pick<CallLogRow, "direction" | "status" | "durationSeconds" | "timeLimitSeconds">): CallCutOff | null {
  if (call.direction !== "outbound" || call.status !== "completed" || call.timeLimitSeconds <= 0 || call.durationSeconds < call.timeLimitSeconds) return null;
  return call.timeLimitSeconds >= MAX_CALL_SECONDS ? "longest_call" : "balance";
}
