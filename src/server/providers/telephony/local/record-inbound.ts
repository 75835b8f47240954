import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { Database } from "../../../db/client";
import { callLogs } from "../../../db/schema/calls";
import { STATUS_WEBHOOK_PATH } from "../../../modules/calls/twiml";
import type { CarrierWebhooks } from "./carrier-webhooks";
import type { RecordInbound } from "./incoming-call";

/**
 * An incoming call in the customer's history: a call log (direction inbound, rate 0,
 * so settlement charges nothing) made when it starts ringing, then its progress
 * posted to the status webhook as Twilio posts an incoming call's own leg (no
 * ParentCallSid), so the same handler stores, tells and settles it.
 */
export function recordInboundCalls(db: Database, webhooks: CarrierWebhooks, publicUrl: string, callerId: string | null): RecordInbound {
  let sequence = 0;
  return async (call, status, talkSeconds) => {
    if (status === "ringing") {
      await db
        .insert(callLogs)
        .values({
          userId: call.userId,
          callSid: call.callSid,
          direction: "inbound",
          toNumber: call.remoteNumber,
          fromNumber: call.remoteNumber,
          countryCode: parsePhoneNumberFromString(call.remoteNumber)?.country ?? "",
          ratePerMin: "0",
          timeLimitSeconds: 0,
          carrier: "local",
          status: "initiated",
        })
        .onConflictDoNothing({ target: callLogs.callSid });
    }
    const answer = await webhooks.post(`${publicUrl}${STATUS_WEBHOOK_PATH}`, {
      AccountSid: `AC${"0".repeat(32)}`,
      ApiVersion: "2010-04-01",
      CallSid: call.callSid,
      CallStatus: status === "answered" ? "in-progress" : status,
      Direction: "inbound",
      From: call.remoteNumber,
      To: `client:${call.userId}`,
      Called: callerId ?? "",
      Timestamp: new Date().toUTCString(),
      SequenceNumber: String(sequence++),
      ...(status === "answered" || status === "ringing" ? {} : { CallDuration: String(talkSeconds) }),
    });
    if (answer.statusCode !== 200) throw new Error(`the status webhook answered ${answer.statusCode} for incoming call ${call.callSid}`);
  };
}
