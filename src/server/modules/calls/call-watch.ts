import { and, eq, inArray, max, sql } from "drizzle-orm";
import { callLogs, callStatusUpdates } from "../../db/schema/calls";
import { JOB_QUEUES } from "../../../shared/jobs/job-queues";
import { defineJob, type JobQueue } from "../../jobs/job-queue";
import { LIVE_CALL_STATUSES } from "./call-status";
import type { CallsDeps } from "./deps";
import { reconcileCallJob } from "./reconcile";

/**
 * The watch over live calls (decision 024): a call whose carrier leg is gone must not stay
 * live until its reconcile job at the time limit (up to four hours), holding the customer's
 * next call and the credit it could still cost. Every instance asks for a run every
 * WATCH_SECONDS; the job queue files one run per slot, so it runs once per deployment.
 */
export const watchLiveCallsJob = defineJob<Record<string, never>>(JOB_QUEUES.watchLiveCalls);

export const WATCH_SECONDS = 10;
/** A live call with no status event for this long is asked about at the carrier, at most once per this long. */
export const SILENT_SECONDS = 60;

export function handleWatchJobs(jobs: JobQueue, deps: () => CallsDeps): void {
  jobs.handle(watchLiveCallsJob, {
    // The next slot is the retry.
    retry: { retries: 0, delaySeconds: WATCH_SECONDS, maxDelaySeconds: WATCH_SECONDS },
    timeoutSeconds: 60,
    describe: () => "Ask the carrier about live calls it may have lost",
    run: async () => {
      await watchLiveCalls(deps());
    },
  });
}

/**
 * Queues a reconcile job (without its re-checks: the watch asks again) for each live call the
 * carrier says it dropped, now, and for each call silent for SILENT_SECONDS, once per that
 * long. The reconcile job settles from the carrier's record exactly as the final status event
 * would have; a call still live at the carrier stays live.
 */
export async function watchLiveCalls(deps: Pick<CallsDeps, "db" | "jobs" | "carrier">): Promise<{ lost: number; silent: number }> {
  const lost = (await deps.carrier.lostCalls?.()) ?? [];
  for (const callSid of lost) await deps.jobs.enqueueOnce(deps.db, reconcileCallJob, { callSid, recheck: false }, { key: callSid, perSeconds: WATCH_SECONDS });
  const silent = await silentCalls(deps, SILENT_SECONDS);
  for (const callSid of silent) await deps.jobs.enqueueOnce(deps.db, reconcileCallJob, { callSid, recheck: false }, { key: callSid, perSeconds: SILENT_SECONDS });
  return { lost: lost.length, silent: silent.length };
}

/** Live calls whose latest status event (or, with none, their start) is older than `seconds`. */
async function silentCalls(deps: Pick<CallsDeps, "db">, seconds: number): Promise<string[]> {
  const rows = await deps.db
    .select({ callSid: callLogs.callSid })
    .from(callLogs)
    .leftJoin(callStatusUpdates, eq(callStatusUpdates.callSid, callLogs.callSid))
    .where(inArray(callLogs.status, LIVE_CALL_STATUSES))
    .groupBy(callLogs.callSid, callLogs.startedAt)
    .having(and(sql`coalesce(${max(callStatusUpdates.receivedAt)}, ${callLogs.startedAt}) < now() - make_interval(secs => ${seconds})`))
    .limit(10_000);
  return rows.map((row) => row.callSid);
}

/**
 * Asks for a watch run now and every WATCH_SECONDS (a run already filed for the slot by
 * another instance counts). Returns the stop.
 */
export function startCallWatch(jobs: JobQueue, deps: Pick<CallsDeps, "db" | "log">): () => void {
  const ask = () => {
    jobs.enqueueOnce(deps.db, watchLiveCallsJob, {}, { perSeconds: WATCH_SECONDS }).catch((error: unknown) => deps.log.error({ err: error }, "asking for the watch over live calls"));
  };
  ask();
  const timer = setInterval(ask, WATCH_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
