import { parseMoney } from "../../../shared/money";
import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";
import { type callLogs } from "../../db/schema/calls";
import { JOB_QUEUES } from "../../../shared/jobs/job-queues";
import { defineJob } from "../../jobs/job-queue";
import { enqueueInTransaction } from "../../jobs/job-rows";
import { creditCallBack } from "./credit-call";
import { isShortCall, judgesQuality, readCallCreditPolicy } from "./policy";

type CallRow = typeof callLogs.$inferSelect;

/** Asks the carrier how the call's media was, then credits it if the policy says so (quality-job.ts runs it). */
export const callQualityCreditJob = defineJob<{ callSid: string; asked?: number }>(JOB_QUEUES.callQualityCredit);

/**
 * What the policy does with a call that has just settled with a charge, in the settlement's
 * transaction: a call answered for fewer seconds than the policy's limit is credited in full at
 * once; when the policy also judges quality, a job asks the carrier for its measurement (Twilio
 * has it minutes later). Returns the call's row as it now is.
 */
export async function reviewSettledCall(tx: Executor, bus: BusPublisher, call: CallRow): Promise<CallRow> {
  const cost = parseMoney(call.costUsd);
  if (call.direction !== "outbound" || call.status !== "completed" || cost <= 0) return call;
  const policy = await readCallCreditPolicy(tx);
  if (isShortCall(policy, call.durationSeconds)) {
    const outcome = await creditCallBack(tx, bus, {
      callId: call.id,
      callSid: call.callSid,
      userId: call.userId,
      amount: cost,
      reason: "short_call",
      note: null,
      createdBy: "policy",
    });
    return outcome.credited ? outcome.call : call;
  }
  if (judgesQuality(policy)) await enqueueInTransaction(tx, callQualityCreditJob, { callSid: call.callSid });
  return call;
}
