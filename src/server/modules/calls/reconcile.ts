import { eq, max } from "drizzle-orm";
import { JOB_QUEUES } from "../../../shared/jobs/job-queues";
import { defineJob, type JobQueue } from "../../jobs/job-queue";
import { FINAL_CARRIER_STATUSES } from "../../providers/telephony/carrier";
import { callLogs, callStatusUpdates } from "../../db/schema/calls";
import { afterCommit } from "../../db/after-commit";
import type { Executor } from "../../db/client";
import { callStatusOf, isFinal, lockCall, publishCallStatus, type CallLogRow } from "./call-status";
import type { CallsDeps } from "./deps";
import { overdueCondition, settleCall } from "./settlement";

/**
 * Asks the carrier about a call whose final status may never come. `recheck: false` (the
 * watch's own questions): a call still live is left for the watch to ask again, not re-queued.
 */
export const reconcileCallJob = defineJob<{ callSid: string; recheck?: boolean }>(JOB_QUEUES.reconcileCall);

/** How long after its time limit a call may still be live before we ask the carrier (ringing time, slow callbacks). */
export const RECONCILE_MARGIN_SECONDS = 120;
/** A call the carrier still has live is asked about again this much later (the carrier hangs up at the limit). */
export const RECHECK_SECONDS = 60;

export type ReconcileOutcome = "missing" | "already-final" | "settled" | "still-live" | "ended-unknown";

export function handleReconcileJobs(jobs: JobQueue, deps: () => CallsDeps): void {
  jobs.handle(reconcileCallJob, {
    retry: { retries: 10, delaySeconds: 30, maxDelaySeconds: 15 * 60 },
    timeoutSeconds: 60,
    describe: (data) => `Reconcile call ${data.callSid} with the carrier`,
    run: async (data) => {
      await reconcileCall(deps(), data.callSid, { recheck: data.recheck !== false });
    },
  });
}

/**
 * Brings a call to its final state from the carrier's own record (decision 011):
 * final there, it is settled exactly as the status event would have settled it;
 * still live there, it is asked about again shortly; unknown to the carrier (the
 * local carrier after a restart), it is ended: never answered → failed, cost 0;
 * answered → billed for the talk time we can vouch for, at most the time limit.
 * Idempotent: a call already final is left alone, whoever asks and however often.
 */
export async function reconcileCall(deps: CallsDeps, callSid: string, options: { recheck?: boolean; now?: () => Date } = {}): Promise<ReconcileOutcome> {
  const now = options.now ?? (() => new Date());
  const [before] = await deps.db.select({ status: callLogs.status }).from(callLogs).where(eq(callLogs.callSid, callSid));
  if (!before) return "missing";
  if (isFinal(before.status)) return "already-final";
  // The carrier is asked outside any transaction: no row stays locked while the network answers.
  const seen = await deps.carrier.fetchCall(callSid);

  return deps.db.transaction(async (tx) => {
    const call = await lockCall(tx, callSid);
    if (!call) return "missing";
    if (isFinal(call.status)) return "already-final";
    const status = seen ? callStatusOf(seen.status) : null;
    if (seen && status && FINAL_CARRIER_STATUSES.has(seen.status)) {
      const settled = await settleCall(deps, tx, call, { status, talkSeconds: seen.durationSeconds, endedAt: now(), source: "reconcile" });
      await publishCallStatus(deps.bus, tx, settled);
      return "settled";
    }
    if (seen) {
      if (options.recheck !== false) await deps.jobs.enqueue(tx, reconcileCallJob, { callSid }, { delaySeconds: RECHECK_SECONDS });
      return "still-live";
    }
    const ended = await endUnknownCall(deps, tx, call, now());
    await publishCallStatus(deps.bus, tx, ended);
    afterCommit(tx, () => deps.log.warn({ callSid, status: ended.status, costUsd: ended.costUsd }, "the carrier does not know a live call; ended it"));
    return "ended-unknown";
  });
}

/**
 * A call the carrier has no record of. Unanswered: it failed, and costs nothing.
 * Answered: billed from the answer to the last moment we have word of it (its latest
 * status event), at least one started minute and never beyond the time limit:
 * the customer pays for what we can show, never for the time we were not looking.
 */
async function endUnknownCall(deps: CallsDeps, tx: Executor, call: CallLogRow, now: Date): Promise<CallLogRow> {
  if (!call.answeredAt) return settleCall(deps, tx, call, { status: "failed", talkSeconds: 0, endedAt: now, source: "reconcile" });
  const [latest] = await tx
    .select({ at: max(callStatusUpdates.receivedAt) })
    .from(callStatusUpdates)
    .where(eq(callStatusUpdates.callSid, call.callSid));
  const lastWord = latest?.at && latest.at > call.answeredAt ? latest.at : call.answeredAt;
  const vouched = Math.floor((lastWord.getTime() - call.answeredAt.getTime()) / 1000);
  const talkSeconds = Math.min(Math.max(vouched, 1), call.timeLimitSeconds);
  return settleCall(deps, tx, call, { status: "completed", talkSeconds, endedAt: lastWord, source: "reconcile" });
}

/**
 * At start-up: calls live past their time limit plus the margin get a reconcile job
 * now (their own may be dead-lettered, or be from before a restart). Every instance
 * may run this at once: the jobs are idempotent, so a call queued twice settles once.
 */
export async function sweepOverdueCalls(deps: Pick<CallsDeps, "db" | "jobs">): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const overdue = await tx.select({ callSid: callLogs.callSid }).from(callLogs).where(overdueCondition(RECONCILE_MARGIN_SECONDS)).limit(10_000);
    for (const call of overdue) await deps.jobs.enqueue(tx, reconcileCallJob, { callSid: call.callSid });
    return overdue.length;
  });
}
