import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../db/client";
import { engines, openTestDatabase, type TestDatabase } from "../test/engines";
import { createEffectTable, EFFECT_JOB_TIMEOUT_SECONDS, recordEffect, type EffectJob } from "./fixtures/effect-job";
import { defineJob, type JobQueue } from "./job-queue";
import { insertJob, wakeWorkers } from "./job-rows";
import { createJobQueue } from "./pg-boss-queue";

const EFFECT = defineJob<EffectJob>("test-effect");
const quiet = { warn: () => undefined, error: () => undefined };

/** Starts the worker that dies (fixtures/worker-that-dies.ts) in a process of its own; resolves once its queue runs. */
function startDyingWorker(url: string): { child: ChildProcess; printed: () => string; ready: Promise<void> } {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "fixtures", "worker-that-dies.ts"), url], { stdio: ["ignore", "pipe", "pipe"] });
  let printed = "";
  child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const ready = vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the worker exited: ${printed}`);
      expect(printed).toContain("ready");
    },
    { timeout: 60_000, interval: 100 },
  );
  return { child, printed: () => printed, ready };
}

// Instances in processes of their own share PostgreSQL only.
describe.each(engines.filter((engine) => engine === "postgres"))("a worker killed mid-job on %s", (engine) => {
  let database: TestDatabase;
  let survivor: JobQueue;
  const survivorRuns: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await createEffectTable(database.db);
  });
  afterAll(async () => {
    await survivor?.stop();
    await database.destroy();
  });

  it("runs the job again on another instance, and its effect happens once", async () => {
    const dying = startDyingWorker(database.url!);
    await dying.ready;
    // The other instance: started only once the first has taken the job, so the first is the one that takes it.
    survivor = createJobQueue(database, { log: quiet, pollSeconds: 0.2, maintenanceSeconds: 1 });
    survivor.handle(EFFECT, {
      retry: { retries: 3, delaySeconds: 1, maxDelaySeconds: 1 },
      timeoutSeconds: EFFECT_JOB_TIMEOUT_SECONDS,
      describe: (data) => `effect ${data.key}`,
      async run(data) {
        survivorRuns.push(data.key);
        await recordEffect(database.db, data.key, "survivor");
      },
    });
    const key = `effect-${Date.now()}`;
    const jobId = await insertJob(database.db, EFFECT.queue, { key }, 0);
    await wakeWorkers(database.db, EFFECT.queue);

    await vi.waitFor(() => expect(dying.printed()).toContain(`started ${key}`), { timeout: 30_000, interval: 50 });
    dying.child.kill("SIGKILL");
    await new Promise((resolve) => dying.child.once("exit", resolve));

    // The other instance finds the job once it expired (its handler's timeout) and runs it again.
    await survivor.start();
    await vi.waitFor(() => expect(survivorRuns).toEqual([key]), { timeout: 60_000, interval: 200 });
    const [job] = await queryRows<{ state: string; retry_count: number }>(database.db, sql`select state::text as state, retry_count from pgboss.job where id = ${jobId}`);
    expect(job).toEqual({ state: "completed", retry_count: 1 });
    // The effect: once, by the worker that died (committed before it was killed); the second run added nothing.
    const effects = await queryRows<{ key: string; done_by: string }>(database.db, sql`select key, done_by from test_job_effects where key = ${key}`);
    expect(effects).toEqual([{ key, done_by: "dying worker" }]);
  });
});
