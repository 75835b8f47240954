import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "../db/client";
import { engines, everyEngine, openTestDatabase, type TestDatabase } from "../test/engines";
import { defineJob, PermanentJobError, type JobQueue, type JobType } from "./job-queue";
import { createJobQueue } from "./pg-boss-queue";

const quiet = { warn: () => undefined, error: () => undefined };
/** Waits for a condition the queue brings about in the background (no fixed sleeps). */
const eventually = <T>(check: () => Promise<T> | T) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

interface Work {
  key: string;
  /** What the handler does: succeed, fail (retryable), fail for good, or wait to be released. */
  behaviour: "ok" | "fail" | "permanent" | "hold";
}

/** A handler that records every run, so a test sees exactly what ran, how often and in which attempt. */
function recordingHandler(runs: { key: string; attempt: number }[], held: Map<string, () => void>) {
  return {
    retry: { retries: 2, delaySeconds: 1, maxDelaySeconds: 1 },
    timeoutSeconds: 30,
    describe: (data: Work) => `work ${data.key}`,
    async run(data: Work, context: { attempt: number; signal: AbortSignal }) {
      runs.push({ key: data.key, attempt: context.attempt });
      if (data.behaviour === "fail") throw new Error(`failure ${data.key} #${context.attempt}`);
      if (data.behaviour === "permanent") throw new PermanentJobError(`refused ${data.key}`);
      if (data.behaviour === "hold") {
        await new Promise<void>((release) => {
          held.set(data.key, release);
          context.signal.addEventListener("abort", () => release());
        });
      }
    },
  };
}

const WORK: JobType<Work> = defineJob<Work>("test-work");
const SLOW_RETRY: JobType<Work> = defineJob<Work>("test-slow-retry");

describe.each(everyEngine)("the job queue on %s", (engine) => {
  let database: TestDatabase;
  let jobs: JobQueue;
  const runs: { key: string; attempt: number }[] = [];
  const held = new Map<string, () => void>();
  const runsOf = (key: string) => runs.filter((run) => run.key === key);

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    jobs = createJobQueue(database, { log: quiet, pollSeconds: 0.5 });
    jobs.handle(WORK, recordingHandler(runs, held));
    jobs.handle(SLOW_RETRY, { ...recordingHandler(runs, held), retry: { retries: 1, delaySeconds: 60, maxDelaySeconds: 600 } });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    await database.destroy();
  });

  it("creates pg-boss's own schema at start-up, beside ours", async () => {
    const tables = await queryRows<{ table_name: string }>(database.db, sql`select table_name from information_schema.tables where table_schema = 'pgboss'`);
    expect(tables.map((row) => row.table_name)).toEqual(expect.arrayContaining(["job", "queue", "version"]));
    const [version] = await queryRows<{ version: number }>(database.db, sql`select version from pgboss.version`);
    // pg-boss 10's schema: a newer one (pg-boss 12 writes 46) is moved aside at start-up, see newer-schema.test.ts.
    expect(version?.version).toBe(24);
    const queues = await queryRows<{ name: string }>(database.db, sql`select name from pgboss.queue order by name`);
    expect(queues.map((queue) => queue.name)).toEqual(["test-slow-retry", "test-work"]);
  });

  it("files periodic work once per slot and key, however often it is asked for", async () => {
    // An hour's slot: the asks below all fall in one.
    const asked = await Promise.all([1, 2, 3].map(() => jobs.enqueueOnce(database.db, WORK, { key: "periodic", behaviour: "ok" }, { perSeconds: 3600 })));
    expect(asked.filter((id) => id !== null)).toHaveLength(1);
    const keyed = await Promise.all(["a", "b", "a"].map((key) => jobs.enqueueOnce(database.db, WORK, { key: `periodic-${key}`, behaviour: "ok" }, { perSeconds: 3600, key })));
    // The two asks for key "a" race: one of them, either, files the job.
    expect([keyed[0], keyed[2]].filter((id) => id !== null)).toHaveLength(1);
    expect(keyed[1]).not.toBeNull();
    await eventually(() => expect([runsOf("periodic").length, runsOf("periodic-a").length, runsOf("periodic-b").length]).toEqual([1, 1, 1]));
    // Finished, it still holds its slot.
    expect(await jobs.enqueueOnce(database.db, WORK, { key: "periodic", behaviour: "ok" }, { perSeconds: 3600 })).toBeNull();
  });

  it("runs a job enqueued in a transaction that commits, and never one from a transaction that rolls back", async () => {
    await database.db.transaction(async (tx) => {
      await jobs.enqueue(tx, WORK, { key: "committed", behaviour: "ok" });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.enqueue(tx, WORK, { key: "rolled-back", behaviour: "ok" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await eventually(() => expect(runsOf("committed")).toEqual([{ key: "committed", attempt: 1 }]));
    const stored = await queryRows<{ key: string }>(database.db, sql`select data->>'key' as key from pgboss.job where name = 'test-work'`);
    expect(stored.map((row) => row.key)).not.toContain("rolled-back");
    expect(runsOf("rolled-back")).toEqual([]);
  });

  it("retries a failing job with backoff, dead-letters it when the retries are spent, and shows it to an admin", async () => {
    const id = await jobs.enqueue(database.db, WORK, { key: "flaky", behaviour: "fail" });
    const [settings] = await queryRows<{ retry_limit: number; retry_backoff: boolean; retry_delay: number; expire_seconds: number }>(
      database.db,
      sql`select retry_limit, retry_backoff, retry_delay, extract(epoch from expire_in)::int as expire_seconds from pgboss.job where id = ${id}::uuid`,
    );
    expect(settings).toEqual({ retry_limit: 2, retry_backoff: true, retry_delay: 1, expire_seconds: 30 });

    await eventually(async () => expect((await jobs.admin.problems({ limit: 50 })).find((problem) => problem.summary === "work flaky")?.state).toBe("dead"));
    expect(runsOf("flaky").map((run) => run.attempt)).toEqual([1, 2, 3]);
    const dead = (await jobs.admin.problems({ limit: 50 })).find((problem) => problem.summary === "work flaky");
    expect(dead).toMatchObject({ queue: "test-work", state: "dead", attempts: 3, retries: 2, lastError: "failure flaky #3", nextAttemptAt: null });
    expect(dead?.failedAt?.getTime()).toBeGreaterThanOrEqual(dead?.enqueuedAt.getTime() ?? Infinity);
    const counts = await jobs.admin.counts();
    expect(counts.find((count) => count.queue === "test-work")?.dead).toBeGreaterThanOrEqual(1);
  });

  it("dead-letters a permanent failure at once, without retries", async () => {
    await jobs.enqueue(database.db, WORK, { key: "refused", behaviour: "permanent" });
    await eventually(async () => expect((await jobs.admin.problems({ limit: 50 })).find((problem) => problem.summary === "work refused")).toMatchObject({ state: "dead", attempts: 1, lastError: "refused refused" }));
    expect(runsOf("refused")).toHaveLength(1);
  });

  it("lists a job that waits for its next try as retrying, with the error and when the next try is due", async () => {
    await jobs.enqueue(database.db, SLOW_RETRY, { key: "between-tries", behaviour: "fail" });
    const problem = await eventually(async () => {
      const found = (await jobs.admin.problems({ limit: 50 })).find((candidate) => candidate.summary === "work between-tries");
      expect(found?.state).toBe("retrying");
      return found!;
    });
    expect(problem).toMatchObject({ queue: "test-slow-retry", attempts: 1, retries: 1, lastError: "failure between-tries #1" });
    // Backoff from 60 s: the next try is at least a minute away.
    expect(problem.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect((await jobs.admin.counts()).find((count) => count.queue === "test-slow-retry")).toMatchObject({ retrying: 1, dead: 0 });
    // Only dead jobs can be put back by hand; a retrying one is already on its way.
    expect(await jobs.admin.retryDead(database.db, problem.id)).toEqual({ retried: false });
  });

  it("puts a dead job back on its queue when an admin retries it, once", async () => {
    await jobs.enqueue(database.db, WORK, { key: "second-chance", behaviour: "permanent" });
    const dead = await eventually(async () => {
      const found = (await jobs.admin.problems({ limit: 50 })).find((problem) => problem.summary === "work second-chance");
      expect(found?.state).toBe("dead");
      return found!;
    });
    const first = await database.db.transaction((tx) => jobs.admin.retryDead(tx, dead.id));
    expect(first).toMatchObject({ retried: true, problem: { id: dead.id, queue: "test-work", attempts: 1 } });
    // The same dead job cannot be put back twice.
    expect(await database.db.transaction((tx) => jobs.admin.retryDead(tx, dead.id))).toEqual({ retried: false });
    await eventually(() => expect(runsOf("second-chance")).toHaveLength(2));
  });

  it("refuses to enqueue a kind of job nobody handles", async () => {
    await expect(jobs.enqueue(database.db, defineJob<Work>("nobody-handles-this"), { key: "x", behaviour: "ok" })).rejects.toThrow(/no handler/);
  });

  it("lets a job in flight finish when the queue stops", async () => {
    const stopping = createJobQueue(database, { log: quiet, pollSeconds: 0.5 });
    const hold = defineJob<Work>("test-hold");
    let finished = false;
    stopping.handle(hold, {
      ...recordingHandler([], held),
      async run(data, context) {
        await recordingHandler([], held).run(data, context);
        finished = true;
      },
    });
    await stopping.start();
    await stopping.enqueue(database.db, hold, { key: "in-flight", behaviour: "hold" });
    await eventually(() => expect(held.has("in-flight")).toBe(true));

    const stop = stopping.stop().then(() => finished);
    // One round trip to the database: long enough for a stop that did not wait to be done.
    await queryRows(database.db, sql`select 1`);
    held.get("in-flight")?.();
    expect(await stop, "the job had finished when stop() returned").toBe(true);
    const [row] = await queryRows<{ state: string }>(database.db, sql`select state::text as state from pgboss.job where name = 'test-hold'`);
    expect(row?.state).toBe("completed");
  });

  it("gives a job that outlasts the stop back to the queue, to run again later", async () => {
    const stopping = createJobQueue(database, { log: quiet, pollSeconds: 0.5, stopTimeoutMs: 1000 });
    const hold = defineJob<Work>("test-hold-forever");
    stopping.handle(hold, recordingHandler([], held));
    await stopping.start();
    await stopping.enqueue(database.db, hold, { key: "never-released", behaviour: "hold" });
    await eventually(() => expect(held.has("never-released")).toBe(true));
    await stopping.stop();
    const [row] = await queryRows<{ state: string }>(database.db, sql`select state::text as state from pgboss.job where name = 'test-hold-forever'`);
    expect(row?.state).toBe("retry");
  });
});

describe.each(engines.filter((engine) => engine === "postgres"))("two server instances on one %s", (engine) => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  const queues: JobQueue[] = [];
  const runs: { instance: number; key: string }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    if (database.connection.engine !== "postgres") throw new Error("expected PostgreSQL");
    second = await openDatabase({ databaseUrl: database.connection.url });
    for (const [instance, handle] of [database, second].entries()) {
      const queue = createJobQueue(handle, { log: quiet, pollSeconds: 0.5 });
      queue.handle(WORK, {
        ...recordingHandler([], new Map()),
        async run(data) {
          runs.push({ instance, key: data.key });
        },
      });
      queues.push(queue);
    }
    // Started together, as two instances deploying at once: both create the same queues.
    await Promise.all(queues.map((queue) => queue.start()));
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await second.close();
    await database.destroy();
  });

  it("run periodic work once per slot when every instance asks for it", async () => {
    const asked = await Promise.all([0, 1, 0, 1].map((instance) => queues[instance]!.enqueueOnce(instance === 0 ? database.db : second.db, WORK, { key: "watch", behaviour: "ok" }, { perSeconds: 3600 })));
    expect(asked.filter((id) => id !== null)).toHaveLength(1);
    await eventually(() => expect(runs.filter((run) => run.key === "watch")).toHaveLength(1));
    // The other tests here count their own runs only.
    runs.splice(runs.findIndex((run) => run.key === "watch"), 1);
  });

  it("share one queue: each job runs once, whichever instance enqueued it", async () => {
    const keys = Array.from({ length: 40 }, (_, index) => `shared-${index}`);
    await Promise.all(keys.map((key, index) => queues[index % 2]!.enqueue(index % 2 === 0 ? database.db : second.db, WORK, { key, behaviour: "ok" })));
    await eventually(() => expect(runs).toHaveLength(keys.length));
    expect(runs.map((run) => run.key).sort()).toEqual([...keys].sort());
  });
});
