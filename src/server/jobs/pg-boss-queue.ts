import { sql } from "drizzle-orm";
import { PgBoss, fromDrizzle, fromPglite, type ConstructorOptions, type Db, type DrizzleTransactionLike, type Job, type JobResult, type Queue } from "pg-boss";
import type { DatabaseHandle, Executor } from "../db/client";
import { createJobAdmin, DEAD_LETTER_QUEUE } from "./job-admin";
import { PermanentJobError, type EnqueueOptions, type JobHandler, type JobQueue, type JobType, type OnceOptions } from "./job-queue";

/** pg-boss keeps its tables in this schema of our database (it creates and migrates them itself). */
export const JOB_SCHEMA = "pgboss";

const DAY = 24 * 60 * 60;
/** A queued or dead job is kept this long: long enough for an administrator to notice and retry. */
const KEEP_QUEUED_SECONDS = 30 * DAY;
/** Finished jobs are deleted after this: their data can hold personal details (an email address, a link). */
const KEEP_FINISHED_SECONDS = 2 * DAY;
/** Jobs taken in one fetch; a full batch fetches again at once (burst), a short one waits to be woken. */
const BATCH_SIZE = 10;

export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobQueueOptions {
  log: JobLog;
  /**
   * How often an idle worker looks for due work. A new job wakes the workers at once
   * (LISTEN/NOTIFY, on both engines); this bounds the wait for retries coming due.
   */
  pollSeconds?: number;
  /** How long stop() waits for jobs in flight. */
  stopTimeoutMs?: number;
}

/** The job queue on pg-boss, on whichever engine the database is (PGlite through pg-boss's own adapter). */
export function createJobQueue(database: DatabaseHandle, options: JobQueueOptions): JobQueue {
  const handlers = new Map<string, JobHandler<object>>();
  const pollSeconds = options.pollSeconds ?? 2;
  const boss = new PgBoss(bossOptions(database));
  boss.on("error", (error) => options.log.error({ err: error }, "job queue"));
  boss.on("warning", (warning) => options.log.warn({ data: warning.data }, `job queue: ${warning.message}`));
  let state: "new" | "started" | "stopped" = "new";

  const describe = (queue: string, data: unknown): string => {
    const handler = handlers.get(queue);
    try {
      return handler && typeof data === "object" && data !== null ? handler.describe(data) : queue;
    } catch {
      return queue;
    }
  };

  const runBatch = (handler: JobHandler<object>) => async (jobs: Job<object>[]): Promise<JobResult[]> =>
    // One job's failure is its own: each is settled on its own (perJobResults).
    Promise.all(
      jobs.map(async (job): Promise<JobResult> => {
        try {
          await handler.run(job.data, { id: job.id, attempt: job.retryCount + 1, signal: job.signal });
          return { id: job.id, status: "completed" };
        } catch (error) {
          const output = { message: messageOf(error) };
          if (error instanceof PermanentJobError) return { id: job.id, status: "deadletter", output };
          options.log.warn({ err: error, queue: job.name, jobId: job.id, attempt: job.retryCount + 1 }, "a job failed; it will be retried");
          return { id: job.id, status: "failed", output };
        }
      }),
    );

  const ready = (type: JobType<object>): void => {
    if (state !== "started") throw new Error(`the job queue is ${state === "new" ? "not started yet" : "stopped"}; cannot enqueue ${type.queue}`);
    if (!handlers.has(type.queue)) throw new Error(`no handler is registered for the ${type.queue} queue`);
  };

  return {
    handle(type, handler) {
      if (state !== "new") throw new Error(`register the ${type.queue} handler before the job queue starts`);
      if (handlers.has(type.queue)) throw new Error(`the ${type.queue} queue has two handlers`);
      handlers.set(type.queue, handler as unknown as JobHandler<object>);
    },

    async start() {
      if (state !== "new") throw new Error("the job queue starts once");
      await boss.start();
      // Queues are created here, from this instance, before anything is enqueued: on PGlite a
      // send to a queue this instance has not cached waits forever inside a transaction.
      await ensureQueue(boss, DEAD_LETTER_QUEUE, { retentionSeconds: KEEP_QUEUED_SECONDS, deleteAfterSeconds: KEEP_FINISHED_SECONDS });
      for (const [queue, handler] of handlers) {
        await ensureQueue(boss, queue, {
          retryLimit: handler.retry.retries,
          retryDelay: handler.retry.delaySeconds,
          retryBackoff: true,
          retryDelayMax: handler.retry.maxDelaySeconds,
          expireInSeconds: handler.timeoutSeconds,
          retentionSeconds: KEEP_QUEUED_SECONDS,
          deleteAfterSeconds: handler.keepFinishedSeconds ?? KEEP_FINISHED_SECONDS,
          deadLetter: DEAD_LETTER_QUEUE,
          notify: true,
        });
      }
      for (const [queue, handler] of handlers) {
        await boss.work<object>(
          queue,
          {
            batchSize: BATCH_SIZE,
            burstWhenBatchFull: true,
            perJobResults: true,
            pollingIntervalSeconds: pollSeconds,
            notifyPollingIntervalSeconds: pollSeconds,
          },
          runBatch(handler),
        );
      }
      state = "started";
    },

    async enqueue<Data extends object>(executor: Executor, type: JobType<Data>, data: Data, enqueueOptions: EnqueueOptions = {}) {
      ready(type);
      const id = await boss.send(type.queue, data, {
        db: through(executor),
        ...(enqueueOptions.delaySeconds ? { startAfter: enqueueOptions.delaySeconds } : {}),
      });
      if (id === null) throw new Error(`the ${type.queue} queue refused a job`);
      return id;
    },

    async enqueueOnce<Data extends object>(executor: Executor, type: JobType<Data>, data: Data, once: OnceOptions) {
      ready(type);
      // pg-boss files the job in the slot its database clock falls in; a second one for the slot is not inserted (null).
      return boss.send(type.queue, data, { db: through(executor), singletonSeconds: once.perSeconds, ...(once.key ? { singletonKey: once.key } : {}) });
    },

    admin: createJobAdmin(database.db, {
      describe,
      retryLimitOf: (queue) => handlers.get(queue)?.retry.retries ?? 0,
      redrive: (executor, id) => boss.redrive(DEAD_LETTER_QUEUE, { ids: [id], db: through(executor) }),
    }),

    async stop() {
      if (state === "stopped") return;
      const wasStarted = state === "started";
      state = "stopped";
      // Graceful: no new fetches, then up to the timeout for handlers in flight; what is still
      // running after that is failed and retried later, by this instance or another.
      if (wasStarted) await boss.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 3000, close: true });
    },
  };
}

function bossOptions(database: DatabaseHandle): ConstructorOptions {
  const common: ConstructorOptions = {
    schema: JOB_SCHEMA,
    // New jobs wake the workers at once; polling stays as the floor.
    useListenNotify: true,
    // No cron schedules yet: the clock and cron monitors would only add queries.
    schedule: false,
  };
  if (database.connection.engine === "pglite") {
    // PGlite is ours to open and close; pg-boss talks to it through its adapter.
    return { ...common, backend: "pglite", db: fromPglite(database.connection.client) };
  }
  return { ...common, connectionString: database.connection.url, max: 4, application_name: "dialwise-jobs" };
}

/** Creates a queue once (safe when several instances start together) and applies today's settings to it. */
async function ensureQueue(boss: PgBoss, name: string, settings: Omit<Queue, "name">): Promise<void> {
  await boss.createQueue(name, settings);
  await boss.updateQueue(name, settings);
}

/** pg-boss statements run through our executor, so they join its transaction (both engines answer { rows }). */
function through(executor: Executor): Db {
  return fromDrizzle(executor as unknown as DrizzleTransactionLike, sql);
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}
