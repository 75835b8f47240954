import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import type { RetryPolicy } from "./job-queue";

/**
 * How a run that failed is written back to pg-boss's job table (schema `pgboss`, the
 * columns of pg-boss 10). pg-boss 10's own `fail()` knows neither a longest delay
 * nor "no retry can fix this", so the one statement is ours: the job waits for its
 * next try (state `retry`, due after the backoff), or is dead (state `failed`, kept
 * in its own queue for an administrator) when its retries are spent or the failure
 * is permanent. Only a job still `active` is settled: a job that expired or was
 * settled elsewhere meanwhile is left as it is.
 */
export async function settleFailure(
  db: Executor,
  job: { queue: string; id: string; attempt: number },
  failure: { message: string; permanent: boolean; retry: RetryPolicy },
): Promise<void> {
  const waitSeconds = backoffSeconds(failure.retry, job.attempt);
  const dead = sql`(${failure.permanent} or retry_count >= retry_limit)`;
  await db.execute(
    sql`update pgboss.job set
          state = case when ${dead} then 'failed'::pgboss.job_state else 'retry'::pgboss.job_state end,
          start_after = case when ${dead} then start_after else now() + ${waitSeconds} * interval '1 second' end,
          completed_on = case when ${dead} then now() else null end,
          output = ${JSON.stringify({ message: failure.message })}::jsonb
        where name = ${job.queue} and id = ${job.id}::uuid and state = 'active'`,
  );
}

/**
 * Exponential backoff with jitter: after run n, wait between delay·2^(n-1) and twice that,
 * never longer than the policy's longest delay.
 */
export function backoffSeconds(retry: RetryPolicy, attempt: number, random = Math.random): number {
  const base = retry.delaySeconds * 2 ** Math.min(16, Math.max(0, attempt - 1));
  return Math.max(1, Math.round(Math.min(retry.maxDelaySeconds, base * (1 + random()))));
}

/**
 * Puts a dead job back on its queue as a fresh job, with the queue's whole retry policy,
 * in `executor`'s transaction. False when no such dead job exists (already retried, or never dead).
 */
export async function redriveDead(executor: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    executor,
    sql`update pgboss.job job set
          state = 'created', retry_count = 0, retry_limit = queue.retry_limit, start_after = now(),
          started_on = null, completed_on = null, output = null,
          keep_until = now() + coalesce(queue.retention_minutes, 14 * 24 * 60) * interval '1 minute'
        from pgboss.queue queue
        where queue.name = job.name and job.id = ${id}::uuid and job.state = 'failed'
        returning job.id`,
  );
  return rows.length === 1;
}
