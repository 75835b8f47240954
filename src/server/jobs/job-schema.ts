import PgBoss from "pg-boss";
import { JOB_SCHEMA } from "./pg-boss-queue";
import { supportedSchemaVersion } from "./newer-schema";

/**
 * The job queue's schema built on another database, for a move of the whole database
 * (db/moving/): what this pg-boss creates at its first start, run inside the caller's
 * transaction, then one partition per queue made by pg-boss's own `create_queue`, so the
 * tables, indexes and constraints are exactly the ones pg-boss would have made there.
 * The rows (queues included) are copied afterwards.
 */

/** The schema version this pg-boss writes: a source at another version must be brought to it first. */
export const jobSchemaVersion = () => supportedSchemaVersion(JOB_SCHEMA);

/** pg-boss's construction plan without its own BEGIN/COMMIT and session timeouts, to run inside ours. */
export function jobSchemaCreation(): string {
  const plan = PgBoss.getConstructionPlans(JOB_SCHEMA).trim();
  if (!plan.startsWith("BEGIN;") || !plan.endsWith("COMMIT;")) throw new Error("pg-boss's construction plan is not one transaction; its schema cannot be built inside the move's");
  return plan
    .slice("BEGIN;".length, -"COMMIT;".length)
    .split("\n")
    .filter((line) => !/^\s*SET LOCAL /.test(line))
    .join("\n");
}

/** The statement that gives a queue its partition of the job table (and a queue row, replaced by the copied one). */
export function jobQueueCreation(queue: string): { text: string; params: unknown[] } {
  return { text: `select ${JOB_SCHEMA}.create_queue($1, $2::json)`, params: [queue, "{}"] };
}
