import type PgBoss from "pg-boss";
import type { Executor } from "../db/client";
import { PermanentJobError, type JobHandler } from "./job-queue";
import { settleFailure } from "./job-rows";
import type { JobLog } from "./pg-boss-queue";

/** Jobs taken in one fetch; a full batch fetches again at once, a short one waits to be woken or for the next poll. */
export const BATCH_SIZE = 10;

export interface QueueWorker {
  /** A job may be waiting (a NOTIFY said so, or the listener reconnected): fetch now instead of at the next poll. */
  wake(): void;
  /** Stops fetching; waits up to `timeoutMs` for runs in flight, then fails what still runs (it is retried later). */
  stop(timeoutMs: number): Promise<void>;
}

interface Run {
  job: PgBoss.JobWithMetadata<object>;
  controller: AbortController;
  /** Settled by stop(): whatever the handler does afterwards is not written. */
  abandoned: boolean;
}

interface WorkerOptions {
  boss: PgBoss;
  /** Where failures are written (pg-boss's job table, through our own connection). */
  db: Executor;
  queue: string;
  handler: JobHandler<object>;
  pollMs: number;
  log: JobLog;
}

/**
 * One queue's fetch loop on pg-boss 10's `fetch()` (SKIP LOCKED, so each job goes to one
 * instance). Ours rather than pg-boss's `work()`: each job of a batch is settled on its own
 * and awaited (pg-boss 10 settles a batch as one and does not await it, so a lost database
 * there would be an unhandled rejection), and a run gets an AbortSignal and its time limit.
 * Every database error is logged and the loop goes on; nothing here throws.
 */
export function startQueueWorker({ boss, db, queue, handler, pollMs, log }: WorkerOptions): QueueWorker {
  const running = new Set<Run>();
  let stopping = false;
  let woken = false;
  let wakeSleep: (() => void) | null = null;

  const wake = () => {
    woken = true;
    wakeSleep?.();
  };

  const settle = async (run: Run, error: unknown) => {
    const permanent = error instanceof PermanentJobError;
    const attempt = run.job.retryCount + 1;
    if (!permanent) log.warn({ err: error, queue, jobId: run.job.id, attempt }, "a job failed; it will be retried");
    await settleFailure(db, { queue, id: run.job.id, attempt }, { message: messageOf(error), permanent, retry: handler.retry });
  };

  const execute = async (run: Run) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeLimit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the job ran longer than ${handler.timeoutSeconds} s`)), handler.timeoutSeconds * 1000);
      });
      await Promise.race([handler.run(run.job.data, { id: run.job.id, attempt: run.job.retryCount + 1, signal: run.controller.signal }), timeLimit]);
      if (!run.abandoned) await boss.complete(queue, run.job.id);
    } catch (error) {
      run.controller.abort();
      if (!run.abandoned) await settle(run, error).catch((settleError: unknown) => log.error({ err: settleError, queue, jobId: run.job.id }, "job queue: could not record a failed run"));
    } finally {
      clearTimeout(timer);
      running.delete(run);
    }
  };

  const loop = (async () => {
    while (!stopping) {
      woken = false;
      // pg-boss's fetch answers [] when the database does not: the loop waits and tries again.
      const jobs = await boss.fetch<object>(queue, { batchSize: BATCH_SIZE, includeMetadata: true });
      if (jobs.length > 0) {
        await Promise.all(
          jobs.map((job) => {
            const run: Run = { job, controller: new AbortController(), abandoned: false };
            running.add(run);
            return execute(run).catch((error: unknown) => log.error({ err: error, queue, jobId: job.id }, "job queue: could not record a finished run"));
          }),
        );
      }
      if (stopping || jobs.length === BATCH_SIZE || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeSleep = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeSleep = null;
    }
  })();

  return {
    wake,
    async stop(timeoutMs) {
      stopping = true;
      wakeSleep?.();
      let timer: NodeJS.Timeout | undefined;
      const outlasted = await Promise.race([
        loop.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (!outlasted) return;
      await Promise.all(
        [...running].map(async (run) => {
          run.abandoned = true;
          run.controller.abort();
          await settle(run, new Error("the server stopped while the job ran")).catch((error: unknown) => log.error({ err: error, queue, jobId: run.job.id }, "job queue: could not give back a running job"));
        }),
      );
    },
  };
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}
