import { eq } from "drizzle-orm";
import { z } from "zod";
import { afterCommit } from "../../db/after-commit";
import type { Executor } from "../../db/client";
import { callLogs, callStatusUpdates } from "../../db/schema/calls";
import { PermanentWebhookError, type WebhookResult } from "../../webhooks/webhook";
import { callStatusOf, isFinal, lockCall, publishCallStatus, statusRank } from "./call-status";
import type { CallsDeps } from "./deps";
import { settleCall } from "./settlement";

/** A status callback's form: the dialled leg (CallSid) of our call (ParentCallSid = the call log's call_sid). */
export const statusPayload = z.object({
  CallSid: z.string().min(1).max(64),
  ParentCallSid: z.string().min(1).max(64).optional(),
  CallStatus: z.string().min(1).max(32),
  CallDuration: z
    .string()
    .regex(/^\d{1,7}$/)
    .optional(),
  Timestamp: z.string().max(64).optional(),
  SequenceNumber: z.string().max(16).optional(),
  To: z.string().max(64).optional(),
  From: z.string().max(200).optional(),
  /** The far end's SIP answer when the carrier gives it (603: the callee declined). */
  SipResponseCode: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
});
export type StatusPayload = z.infer<typeof statusPayload>;

/** One event per call and status: a redelivery (same parent sid and status) is a duplicate. */
export function statusEventId(payload: StatusPayload): string {
  return payload.ParentCallSid ? `${payload.ParentCallSid}:${payload.CallStatus}` : `${payload.CallSid}:${payload.CallStatus}:own-leg`;
}

/**
 * A carrier's status event. Every event about a known call is stored in
 * call_status_updates, even a late one, and the call's state is pushed to the browser;
 * the call itself only moves forward (initiated < ringing < answered < final), so late
 * and duplicate events change nothing. A final status settles the call (settleCall).
 *
 * For an outgoing call only the dialled leg's events count (they carry ParentCallSid):
 * the device's own leg is "in progress" from the moment the gate answered, which says
 * nothing about the far end. An incoming call has one leg, its own.
 */
export async function applyStatusEvent(deps: CallsDeps, tx: Executor, payload: StatusPayload): Promise<WebhookResult> {
  const callSid = payload.ParentCallSid ?? payload.CallSid;
  const call = await lockCall(tx, callSid);
  if (!call) throw new PermanentWebhookError(`no call ${callSid} is known`);
  if (!payload.ParentCallSid && call.direction === "outbound") return { outcome: "ignored" };
  const status = callStatusOf(payload.CallStatus, payload.SipResponseCode);
  if (!status) return { outcome: "ignored" };

  const talkSeconds = status === "completed" ? Number(payload.CallDuration ?? "0") : 0;
  await tx.insert(callStatusUpdates).values({ callSid, status, talkDurationSeconds: talkSeconds, toNumber: call.toNumber, userId: call.userId });

  let current = call;
  if (statusRank(status) > statusRank(call.status)) {
    const now = new Date();
    if (isFinal(status)) {
      current = await settleCall(deps, tx, call, { status, talkSeconds, endedAt: now, source: "status" });
    } else {
      const [moved] = await tx
        .update(callLogs)
        .set({ status, ...(status === "answered" ? { answeredAt: now } : {}) })
        .where(eq(callLogs.id, call.id))
        .returning();
      if (moved) current = moved;
      if (moved && status === "answered") afterCommit(tx, () => deps.metrics.answered(moved.carrier));
    }
  }
  await publishCallStatus(deps.bus, tx, current);
  return {};
}
