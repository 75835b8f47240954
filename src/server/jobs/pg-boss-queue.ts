import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Database, DatabaseHandle, Executor } from "../db/client";
import type { Listener } from "../db/listener";
import { createJobAdmin } from "./job-admin";
import type { EnqueueOptions, JobHandler, JobQueue, JobType, OnceOptions } from "./job-queue";
import { insertJob, WAKE_CHANNEL, wakeWorkers } from "./job-rows";
import { pgliteDb } from "./pg-boss-db";
import { carryOverRetiredJobs, retireNewerSchema, schemaLock } from "./newer-schema";
import { startQueueWorker, type QueueWorker } from "./queue-worker";

/** pg-boss keeps its tables in this schema of our database (it creates and migrates them itself). */
export const JOB_SCHEMA = "pgboss";
/** The dead letters of pg-boss 12 lived in this queue; carried over into their own queues on the first start. */
const PG_BOSS_12_DEAD_LETTERS = "dead-letters";

const DAY = 24 * 60 * 60;
/** A waiting job is kept this long: long enough for an administrator to notice it. */
const KEEP_QUEUED_MINUTES = (30 * DAY) / 60;
/** Finished jobs leave the job table after a day and are deleted a day later: their data can hold an address or a link. */
const ARCHIVE_FINISHED_SECONDS = DAY;
const DELETE_ARCHIVED_SECONDS = DAY;
/** Dead jobs stay listed (and retryable) this long, then are deleted a day later. */
const ARCHIVE_DEAD_SECONDS = 29 * DAY;

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
  /**
   * How often pg-boss looks for jobs whose worker died (they expire after their handler's
   * timeout and run again, on any instance). pg-boss's own default, 120 s, unless a test asks.
   */
  maintenanceSeconds?: number;
}

/** The job queue on pg-boss 10, on whichever engine the database is (PGlite through our adapter). */
export function createJobQueue(database: DatabaseHandle, options: JobQueueOptions): JobQueue {
  const handlers = new Map<string, JobHandler<object>>();
  const workers = new Map<string, QueueWorker>();
  const pollMs = (options.pollSeconds ?? 2) * 1000;
  const boss = new PgBoss({ ...bossOptions(database), ...(options.maintenanceSeconds ? { maintenanceIntervalSeconds: options.maintenanceSeconds } : {}) });
  // pg-boss forwards its pool's errors (a dropped connection) and its maintenance's here: logged, never thrown.
  boss.on("error", (error) => options.log.error({ err: error }, "job queue"));
  let listener: Listener | null = null;
  let state: "new" | "started" | "stopped" = "new";

  const describe = (queue: string, data: unknown): string => {
    const handler = handlers.get(queue);
    try {
      return handler && typeof data === "object" && data !== null ? handler.describe(data) : queue;
    } catch {
      return queue;
    }
  };

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
      await retireNewerSchema(database.db, JOB_SCHEMA, options.log);
      await boss.start();
      // Every queue is created (or given today's settings) by this instance before anything is enqueued.
      const settings = [...handlers].map(([queue, handler]): PgBoss.Queue => ({
        name: queue,
        retryLimit: handler.retry.retries,
        retryDelay: handler.retry.delaySeconds,
        // pg-boss's own backoff applies to a job that expired (its server died mid-run); every
        // other failure is settled by ours, which also knows the longest delay (job-rows.ts).
        retryBackoff: true,
        expireInSeconds: handler.timeoutSeconds,
        retentionMinutes: KEEP_QUEUED_MINUTES,
      }));
      await createQueues(database.db, settings);
      for (const queue of settings) await boss.updateQueue(queue.name, queue);
      await carryOverRetiredJobs(database.db, JOB_SCHEMA, PG_BOSS_12_DEAD_LETTERS, options.log);
      for (const [queue, handler] of handlers) {
        workers.set(queue, startQueueWorker({ boss, db: database.db, queue, handler, pollMs, log: options.log }));
      }
      // After a reconnect, notifications sent meanwhile are lost: every worker looks once.
      listener = await database.listen(WAKE_CHANNEL, {
        message: (queue) => workers.get(queue)?.wake(),
        down: () => undefined,
        up: () => workers.forEach((worker) => worker.wake()),
      });
      state = "started";
    },

    async enqueue<Data extends object>(executor: Executor, type: JobType<Data>, data: Data, enqueueOptions: EnqueueOptions = {}) {
      ready(type);
      const id = await insertJob(executor, type.queue, data, enqueueOptions.delaySeconds ?? 0);
      if (id === null) throw new Error(`the ${type.queue} queue refused a job`);
      // Delivered when (and only if) the caller's transaction commits.
      if (!enqueueOptions.delaySeconds) await wakeWorkers(executor, type.queue);
      return id;
    },

    async enqueueOnce<Data extends object>(executor: Executor, type: JobType<Data>, data: Data, once: OnceOptions) {
      ready(type);
      // Filed in the slot the database's clock falls in; a second job for the slot is not inserted (null).
      const id = await insertJob(executor, type.queue, data, 0, once);
      if (id !== null) await wakeWorkers(executor, type.queue);
      return id;
    },

    admin: createJobAdmin(database.db, {
      describe,
      retryLimitOf: (queue) => handlers.get(queue)?.retry.retries ?? 0,
    }),

    async stop() {
      if (state === "stopped") return;
      const wasStarted = state === "started";
      state = "stopped";
      if (!wasStarted) return;
      await listener?.close();
      // No new fetches, then up to the timeout for handlers in flight; what is still running
      // after that is failed and retried later, by this instance or another.
      const timeout = options.stopTimeoutMs ?? 3000;
      await Promise.all([...workers.values()].map((worker) => worker.stop(timeout)));
      await boss.stop({ graceful: false, close: true, wait: true });
    },
  };
}

/**
 * pg-boss 10's createQueue adds a partition to its job table; two instances doing that at once
 * deadlock. Ours takes pg-boss's schema lock first, so instances starting together wait in turn.
 */
async function createQueues(db: Database, queues: PgBoss.Queue[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(schemaLock(JOB_SCHEMA));
    for (const { name, ...options } of queues) {
      await tx.execute(sql`select ${sql.identifier(JOB_SCHEMA)}.create_queue(${name}, ${JSON.stringify({ policy: "standard", ...options })}::json)`);
    }
  });
}

function bossOptions(database: DatabaseHandle): PgBoss.ConstructorOptions {
  const common: PgBoss.ConstructorOptions = {
    schema: JOB_SCHEMA,
    // No cron schedules yet: the clock and cron monitors would only add queries.
    schedule: false,
    archiveCompletedAfterSeconds: ARCHIVE_FINISHED_SECONDS,
    archiveFailedAfterSeconds: ARCHIVE_DEAD_SECONDS,
    deleteAfterSeconds: DELETE_ARCHIVED_SECONDS,
  };
  if (database.connection.engine === "pglite") {
    // PGlite is ours to open and close; pg-boss shares its one connection, so transactions stay short.
    return { ...common, db: pgliteDb(database.connection.client) };
  }
  return { ...common, connectionString: database.connection.url, max: 4, application_name: "dialwise-jobs" };
}
