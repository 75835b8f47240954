import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import type { JobAdmin, JobProblem, QueueCounts } from "./job-queue";
import { redriveDead } from "./job-rows";

/**
 * What an administrator sees of the queue, read straight from pg-boss's job table
 * (schema `pgboss`, the columns of pg-boss 10): jobs waiting for a retry (state `retry`)
 * and dead ones (state `failed`), both in their own queue, which keeps how often each
 * ran and its last error. The tests pin these columns, so an upgrade that moves them
 * fails there first.
 */
interface Deps {
  describe(queue: string, data: unknown): string;
  retryLimitOf(queue: string): number;
}

interface ProblemRow {
  id: string;
  queue: string;
  state: "retrying" | "dead";
  data: unknown;
  retry_count: number;
  error: unknown;
  enqueued_at: string | Date;
  failed_at: string | Date | null;
  next_attempt_at: string | Date | null;
}

export function createJobAdmin(db: Executor, deps: Deps): JobAdmin {
  const toProblem = (row: ProblemRow): JobProblem => ({
    id: row.id,
    queue: row.queue,
    state: row.state,
    summary: deps.describe(row.queue, row.data),
    // A dead job ran retry_count + 1 times; a job waiting for a retry has run retry_count + 1 times too.
    attempts: Number(row.retry_count) + 1,
    retries: deps.retryLimitOf(row.queue),
    lastError: errorText(row.error),
    enqueuedAt: new Date(row.enqueued_at),
    failedAt: row.failed_at === null ? null : new Date(row.failed_at),
    nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at),
  });

  const problemRows = (db: Executor, where: ReturnType<typeof sql>, limit: number) =>
    queryRows<ProblemRow>(
      db,
      sql`select * from (
            select id, name as queue, 'dead' as state, data, retry_count, output as error, created_on as enqueued_at,
                   completed_on as failed_at, null::timestamptz as next_attempt_at
              from pgboss.job where state = 'failed'
            union all
            select id, name, 'retrying', data, retry_count, output, created_on, started_on, start_after
              from pgboss.job where state = 'retry'
          ) problems
          where ${where}
          order by coalesce(failed_at, enqueued_at) desc, id
          limit ${limit}`,
    );

  return {
    async problems({ limit }) {
      return (await problemRows(db, sql`true`, limit)).map(toProblem);
    },

    async counts() {
      const rows = await queryRows<{ queue: string; waiting: number; running: number; retrying: number; dead: number; completed: number }>(
        db,
        sql`select name as queue,
                   count(*) filter (where state = 'created')::int as waiting,
                   count(*) filter (where state = 'active')::int as running,
                   count(*) filter (where state = 'retry')::int as retrying,
                   count(*) filter (where state = 'failed')::int as dead,
                   count(*) filter (where state = 'completed' and completed_on > now() - interval '1 day')::int as completed
              from pgboss.job group by name`,
      );
      const queues = await queryRows<{ name: string }>(db, sql`select name from pgboss.queue order by name`);
      return queues.map(({ name }): QueueCounts => {
        const row = rows.find((candidate) => candidate.queue === name);
        return {
          queue: name,
          waiting: row?.waiting ?? 0,
          running: row?.running ?? 0,
          retrying: row?.retrying ?? 0,
          dead: row?.dead ?? 0,
          completedLastDay: row?.completed ?? 0,
        };
      });
    },

    async retryDead(executor, id) {
      const [row] = await problemRows(executor, sql`state = 'dead' and id = ${id}::uuid`, 1);
      if (!row) return { retried: false };
      return (await redriveDead(executor, id)) === null ? { retried: false } : { retried: true, problem: toProblem(row) };
    },
  };
}

/** pg-boss stores a failure as { message }, or { value: { message } } for a job that timed out. */
function errorText(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output === "object") {
    const record = output as { message?: unknown; value?: { message?: unknown } };
    if (typeof record.message === "string") return record.message;
    if (typeof record.value?.message === "string") return record.value.message;
  }
  return JSON.stringify(output).slice(0, 1000);
}
