import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "../db/client";
import { engines, everyEngine, openTestDatabase, type TestDatabase } from "../test/engines";
import { defineJob, type JobQueue } from "./job-queue";
import { createJobQueue } from "./pg-boss-queue";

const quiet = { warn: () => undefined, error: () => undefined };
const eventually = <T>(check: () => Promise<T> | T) => vi.waitFor(check, { timeout: 15_000, interval: 50 });
/** What pg-boss 12 left: see the header of the file. */
const PG_BOSS_12_SCHEMA = readFileSync(new URL("./fixtures/pg-boss-12-schema.sql", import.meta.url), "utf8");

interface Work {
  key: string;
  behaviour: string;
}
const WORK = defineJob<Work>("test-work");
const HOLD = defineJob<Work>("test-hold");
const RETIRED = defineJob<Work>("retired-queue");

/** Loads the dump as psql would: one multi-statement script. */
async function loadPgBoss12(database: TestDatabase): Promise<void> {
  if (database.connection.engine === "pglite") {
    await database.connection.client.exec(PG_BOSS_12_SCHEMA);
  } else {
    const client = new pg.Client({ connectionString: database.connection.url });
    await client.connect();
    try {
      await client.query(PG_BOSS_12_SCHEMA);
    } finally {
      await client.end();
    }
  }
  // The dump's waiting jobs were due an hour after it was taken; keep them an hour away from now.
  await database.db.execute(sql`update pgboss.job set start_after = now() + interval '1 hour' where state in ('created', 'retry')`);
}

const retiredSchemas = (database: TestDatabase) =>
  queryRows<{ name: string }>(database.db, sql`select nspname as name from pg_namespace where nspname like 'pgboss\_retired\_%' order by nspname`);

describe.each(everyEngine)("starting on a database a newer pg-boss (12) wrote, on %s", (engine) => {
  let database: TestDatabase;
  const started: JobQueue[] = [];
  const runs: string[] = [];

  const startQueue = async (queues: typeof WORK[]) => {
    const jobs = createJobQueue(database, { log: quiet, pollSeconds: 0.5 });
    for (const queue of queues) {
      jobs.handle(queue, {
        retry: { retries: 2, delaySeconds: 3600, maxDelaySeconds: 7200 },
        timeoutSeconds: 600,
        describe: (data) => `work ${data.key}`,
        async run(data) {
          runs.push(data.key);
        },
      });
    }
    started.push(jobs);
    await jobs.start();
    return jobs;
  };

  beforeEach(async () => {
    runs.length = 0;
    database = await openTestDatabase(engine);
    await loadPgBoss12(database);
  });
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.stop();
    await database.destroy();
  });

  it("moves the newer schema aside, carries over the jobs not done yet, and keeps working", async () => {
    const jobs = await startQueue([WORK, HOLD]);

    const [version] = await queryRows<{ version: number }>(database.db, sql`select version from pgboss.version`);
    expect(version?.version).toBe(24);
    const carried = await queryRows<{ queue: string; key: string; state: string; retry_count: number; output: unknown }>(
      database.db,
      sql`select name as queue, data->>'key' as key, state::text as state, retry_count, output from pgboss.job order by name, key`,
    );
    // Waiting and retrying jobs come over as they were; the dead letter returns to its own queue as a dead
    // job; the completed one stays behind; the job that was running when its server died runs again.
    expect(carried).toEqual(
      expect.arrayContaining([
        { queue: "test-work", key: "waiting", state: "created", retry_count: 0, output: null },
        { queue: "test-work", key: "retrying", state: "retry", retry_count: 0, output: { message: "failure retrying" } },
        { queue: "test-work", key: "dead", state: "failed", retry_count: 0, output: { message: "refused dead" } },
      ]),
    );
    expect(carried.map((row) => row.key)).not.toContain("done");
    await eventually(() => expect(runs).toEqual(["running"]));

    const problems = await jobs.admin.problems({ limit: 10 });
    expect(problems.find((problem) => problem.summary === "work dead")).toMatchObject({ queue: "test-work", state: "dead", attempts: 1, lastError: "refused dead" });
    expect(problems.find((problem) => problem.summary === "work retrying")).toMatchObject({ queue: "test-work", state: "retrying", lastError: "failure retrying" });
    const dead = problems.find((problem) => problem.summary === "work dead")!;
    expect(await database.db.transaction((tx) => jobs.admin.retryDead(tx, dead.id))).toMatchObject({ retried: true });
    await eventually(() => expect(runs).toContain("dead"));

    const fresh = await jobs.enqueue(database.db, WORK, { key: "new", behaviour: "ok" });
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(() => expect(runs).toContain("new"));

    // The orphan's queue is not handled here: it waits in the retired schema, which is kept for it.
    const [retired] = await retiredSchemas(database);
    expect(retired?.name).toMatch(/^pgboss_retired_v46_\d{14}$/);
    const left = await queryRows<{ key: string }>(database.db, sql`select data->>'key' as key from ${sql.identifier(retired!.name)}.job where state::text in ('created', 'retry', 'active')`);
    expect(left.map((row) => row.key)).toEqual(["orphan"]);
  });

  it("carries the rest over once a later start handles their queue, then drops the retired schema", async () => {
    await (await startQueue([WORK, HOLD])).stop();
    expect(await retiredSchemas(database)).toHaveLength(1);

    await startQueue([WORK, HOLD, RETIRED]);
    expect(await retiredSchemas(database)).toEqual([]);
    const orphans = await queryRows<{ key: string; state: string }>(database.db, sql`select data->>'key' as key, state::text as state from pgboss.job where name = 'retired-queue'`);
    expect(orphans).toEqual([{ key: "orphan", state: "created" }]);
    // Nothing was carried twice.
    const [{ count } = { count: -1 }] = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from pgboss.job where data->>'key' in ('waiting', 'retrying', 'dead')`);
    expect(count).toBe(3);
  });
});

describe.each(engines.filter((engine) => engine === "postgres"))("two instances starting together on what pg-boss 12 left in %s", (engine) => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  const queues: JobQueue[] = [];

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    if (database.connection.engine !== "postgres") throw new Error("expected PostgreSQL");
    await loadPgBoss12(database);
    second = await openDatabase({ databaseUrl: database.connection.url });
  });
  afterEach(async () => {
    for (const jobs of queues.splice(0)) await jobs.stop();
    await second.close();
    await database.destroy();
  });

  it("retire the newer schema and carry its jobs over once", async () => {
    for (const handle of [database, second]) {
      const jobs = createJobQueue(handle, { log: quiet, pollSeconds: 0.5 });
      for (const queue of [WORK, HOLD]) {
        jobs.handle(queue, { retry: { retries: 2, delaySeconds: 3600, maxDelaySeconds: 7200 }, timeoutSeconds: 600, describe: () => "", run: async () => undefined });
      }
      queues.push(jobs);
    }
    await Promise.all(queues.map((jobs) => jobs.start()));
    expect(await retiredSchemas(database)).toHaveLength(1);
    const [{ count } = { count: -1 }] = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from pgboss.job where data->>'key' in ('waiting', 'retrying', 'dead')`);
    expect(count).toBe(3);
  });
});
