import type { FastifyBaseLogger } from "fastify";
import { pruneCounters } from "../../auth/throttle";
import type { Database } from "../../db/client";
import { JOB_QUEUES } from "../../../shared/jobs/job-queues";
import { defineJob, type JobQueue } from "../../jobs/job-queue";
import { expireStaleLocalCheckouts } from "../discounts/reservations";
import { pruneUserEvents } from "../events/user-events";

/**
 * The periodic tidying every deployment needs: old live events and throttle counters pruned,
 * local checkouts unpaid for a day failed (their discount code's use given back; Stripe's
 * expiry comes by webhook). Every instance asks for a run every HOUSEKEEPING_SECONDS; the job
 * queue files one run per slot, so however many instances share the database it runs once.
 */
export const housekeepingJob = defineJob<Record<string, never>>(JOB_QUEUES.housekeeping);

export const HOUSEKEEPING_SECONDS = 15 * 60;

export interface HousekeepingReport {
  expiredCheckouts: number;
}

export async function runHousekeeping(db: Database, now = new Date()): Promise<HousekeepingReport> {
  await pruneUserEvents(db, now);
  await pruneCounters(db);
  return { expiredCheckouts: await expireStaleLocalCheckouts(db, now) };
}

export function handleHousekeepingJobs(jobs: JobQueue, db: Database): void {
  jobs.handle(housekeepingJob, {
    // The next slot is the retry.
    retry: { retries: 0, delaySeconds: HOUSEKEEPING_SECONDS, maxDelaySeconds: HOUSEKEEPING_SECONDS },
    timeoutSeconds: 300,
    describe: () => "Prune old live events and throttle counters, fail local checkouts unpaid for a day",
    run: async () => {
      await runHousekeeping(db);
    },
  });
}

/** Asks for a run now and every HOUSEKEEPING_SECONDS (a run another instance filed for the slot counts). Returns the stop. */
export function startHousekeeping(jobs: JobQueue, db: Database, log: FastifyBaseLogger): () => void {
  const ask = () => {
    jobs.enqueueOnce(db, housekeepingJob, {}, { perSeconds: HOUSEKEEPING_SECONDS }).catch((error: unknown) => log.error({ err: error }, "asking for housekeeping"));
  };
  ask();
  const timer = setInterval(ask, HOUSEKEEPING_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
