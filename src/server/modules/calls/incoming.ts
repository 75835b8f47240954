import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { CarrierName } from "../../../shared/api/calls";
import type { Executor } from "../../db/client";
import { callLogs } from "../../db/schema/calls";
import { publishCallStatus, type CallLogRow } from "./call-status";
import type { CallsDeps } from "./deps";
import { reconcileCallJob } from "./reconcile";

/** When the carrier is first asked about an incoming call that has not ended (then every minute while it runs). */
export const INCOMING_RECONCILE_AFTER_SECONDS = 10 * 60;

/**
 * A call ringing a customer (someone calls them): logged as an incoming call that
 * costs nothing, in the caller's transaction. Its progress then arrives on the status
 * webhook like any call's, with CallSid = this call's sid and no ParentCallSid (it has
 * one leg): ringing, in-progress (answered), completed / no-answer / canceled. It is
 * settled at 0 and shown in history with direction `inbound`.
 * Answers null when a call with this sid is already logged.
 */
export async function logIncomingCall(
  deps: Pick<CallsDeps, "bus" | "jobs">,
  tx: Executor,
  input: { callSid: string; userId: string; fromNumber: string; toNumber?: string; carrier: CarrierName },
): Promise<CallLogRow | null> {
  const [call] = await tx
    .insert(callLogs)
    .values({
      userId: input.userId,
      callSid: input.callSid,
      direction: "inbound",
      // The customer's own line: their device identity, as the carrier addresses it.
      toNumber: input.toNumber ?? `client:${input.userId}`,
      fromNumber: input.fromNumber,
      countryCode: callerCountry(input.fromNumber),
      carrier: input.carrier,
      status: "initiated",
    })
    .onConflictDoNothing({ target: callLogs.callSid })
    .returning();
  if (!call) return null;
  // No time limit binds an incoming call; the carrier is asked after a while whether it still runs, so none stays live forever.
  await deps.jobs.enqueue(tx, reconcileCallJob, { callSid: call.callSid }, { delaySeconds: INCOMING_RECONCILE_AFTER_SECONDS });
  await publishCallStatus(deps.bus, tx, call);
  return call;
}

/** The caller's country, as the phone library reads their number ("+14155550100" → US); empty for a hidden or unreadable one. */
export function callerCountry(fromNumber: string): string {
  if (!fromNumber.startsWith("+")) return "";
  return parsePhoneNumberFromString(fromNumber)?.country ?? "";
}
