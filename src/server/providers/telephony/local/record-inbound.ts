import type { EventBus } from "../../../db/bus";
import type { Database } from "../../../db/client";
import type { JobQueue } from "../../../jobs/job-queue";
import { logIncomingCall } from "../../../modules/calls/incoming";
import { STATUS_WEBHOOK_PATH } from "../../../modules/calls/twiml";
import type { CarrierWebhooks } from "./carrier-webhooks";
import type { RecordInbound } from "./incoming-call";

/**
 * An incoming call in the customer's history: logged (logIncomingCall: direction
 * inbound, never charged) when it starts ringing, then its progress posted to the
 * status webhook as Twilio posts an incoming call's own leg (no ParentCallSid), so
 * the same handler stores, tells and settles it (at 0).
 */
export function recordInboundCalls(deps: { db: Database; bus: EventBus; jobs: JobQueue }, webhooks: CarrierWebhooks, publicUrl: string): RecordInbound {
  const sequences = new Map<string, number>();
  return async (call, status, talkSeconds) => {
    if (status === "ringing") {
      await deps.db.transaction((tx) => logIncomingCall(deps, tx, { callSid: call.callSid, userId: call.userId, fromNumber: call.remoteNumber, carrier: "local" }));
    }
    const sequence = sequences.get(call.callSid) ?? 0;
    const final = status !== "ringing" && status !== "answered";
    if (final) sequences.delete(call.callSid);
    else sequences.set(call.callSid, sequence + 1);
    const answer = await webhooks.post(`${publicUrl}${STATUS_WEBHOOK_PATH}`, {
      AccountSid: `AC${"0".repeat(32)}`,
      ApiVersion: "2010-04-01",
      CallSid: call.callSid,
      CallStatus: status === "answered" ? "in-progress" : status,
      Direction: "inbound",
      From: call.remoteNumber,
      To: `client:${call.userId}`,
      Timestamp: new Date().toUTCString(),
      SequenceNumber: String(sequence),
      ...(final ? { CallDuration: String(talkSeconds) } : {}),
    });
    if (answer.statusCode !== 200) throw new Error(`the status webhook answered ${answer.statusCode} for incoming call ${call.callSid}`);
  };
}
