import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import type { JobAdmin, JobProblem, QueueCounts } from "./job-queue";

/**
 * What an administrator sees of the queue, read straight from pg-boss's job table
 * (schema `pgboss`, the columns of pg-boss 12): jobs waiting for a retry in their
 * own queue, and dead ones in the dead-letter queue, which keeps where each came
 * from, how often it ran and its last error. The tests pin these columns, so an
 * upgrade that moves them fails there first.
 */
interface Deps {
  describe(queue: string, data: unknown): string;
  retryLimitOf(queue: string): number;
  redrive(executor: Executor, id: string): Promise<number>;
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

/** Where every queue's jobs go once their retries are spent (or at once for a PermanentJobError). */
export const DEAD_LETTER_QUEUE = "dead-letters";
const DEAD = sql`${DEAD_LETTER_QUEUE}::text`;

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
            select id, source_name as queue, 'dead' as state, data, coalesce(source_retry_count, 0) as retry_count,
                   source_output as error, coalesce(source_created_on, created_on) as enqueued_at,
                   created_on as failed_at, null::timestamptz as next_attempt_at
              from pgboss.job where name = ${DEAD} and state = 'created'
            union all
            select id, name, 'retrying', data, retry_count, output, created_on, started_on, start_after
              from pgboss.job where name <> ${DEAD} and state = 'retry'
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
      const rows = await queryRows<{ queue: string; waiting: number; running: number; retrying: number; completed: number }>(
        db,
        sql`select name as queue,
                   count(*) filter (where state = 'created')::int as waiting,
                   count(*) filter (where state = 'active')::int as running,
                   count(*) filter (where state = 'retry')::int as retrying,
                   count(*) filter (where state = 'completed' and completed_on > now() - interval '1 day')::int as completed
              from pgboss.job where name <> ${DEAD} group by name`,
      );
      const dead = await queryRows<{ queue: string; dead: number }>(
        db,
        sql`select source_name as queue, count(*)::int as dead from pgboss.job where name = ${DEAD} and state = 'created' group by source_name`,
      );
      const queues = await queryRows<{ name: string }>(db, sql`select name from pgboss.queue where name <> ${DEAD} order by name`);
      return queues.map(({ name }): QueueCounts => {
        const row = rows.find((candidate) => candidate.queue === name);
        return {
          queue: name,
          waiting: row?.waiting ?? 0,
          running: row?.running ?? 0,
          retrying: row?.retrying ?? 0,
          dead: dead.find((candidate) => candidate.queue === name)?.dead ?? 0,
          completedLastDay: row?.completed ?? 0,
        };
      });
    },

    async retryDead(executor, id) {
      const [row] = await problemRows(executor, sql`state = 'dead' and id = ${id}::uuid`, 1);
      if (!row) return { retried: false };
      const moved = await deps.redrive(executor, id);
      return moved === 1 ? { retried: true, problem: toProblem(row) } : { retried: false };
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
