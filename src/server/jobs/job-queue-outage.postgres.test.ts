import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { engines, openTestDatabase, type TestDatabase } from "../test/engines";
import { defineJob, type JobQueue } from "./job-queue";
import { createJobQueue } from "./pg-boss-queue";

const eventually = <T>(check: () => Promise<T> | T) => vi.waitFor(check, { timeout: 20_000, interval: 100 });
const WORK = defineJob<{ key: string }>("test-outage");

/** Only PostgreSQL has connections to lose; PGlite runs in the process. */
describe.each(engines.filter((engine) => engine === "postgres"))("the job queue when %s drops every connection", (engine) => {
  let database: TestDatabase;
  let jobs: JobQueue;
  const runs: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    jobs = createJobQueue(database, { log: { warn: () => undefined, error: () => undefined }, pollSeconds: 0.5 });
    jobs.handle(WORK, {
      retry: { retries: 3, delaySeconds: 1, maxDelaySeconds: 1 },
      timeoutSeconds: 30,
      describe: (data) => data.key,
      async run(data) {
        runs.push(data.key);
      },
    });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    await database.destroy();
  });

  it("stays up and runs jobs again once the database answers", async () => {
    await jobs.enqueue(database.db, WORK, { key: "before" });
    await eventually(() => expect(runs).toContain("before"));

    // What an operator's pg_terminate_backend (or a database restart) does to every session of ours.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const name = new URL(database.url!).pathname.slice(1);
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
    } finally {
      await admin.end();
    }

    // The pool replaces what it lost; the first statements may fail while it does.
    await eventually(() => jobs.enqueue(database.db, WORK, { key: "after" }));
    await eventually(() => expect(runs).toContain("after"));
    // An error on a connection nobody awaited (an idle one, pg-boss's own) must be logged, never thrown:
    // vitest fails the file on any unhandled error or rejection.
  });
});
