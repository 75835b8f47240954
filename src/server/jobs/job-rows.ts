import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import type { JobType, OnceOptions, RetryPolicy } from "./job-queue";

/**
 * Our statements on pg-boss's job table (schema `pgboss`, the columns of pg-boss 10):
 * adding a job in the caller's transaction, settling a failed run, and putting a dead
 * job back. pg-boss does the rest (its schema, queues, fetching with SKIP LOCKED,
 * completion, expiry and clean-up). The tests pin these columns.
 */

/**
 * Adds a job with its queue's settings, through `executor` (so it joins the caller's transaction on
 * either engine). pg-boss 10's own send() reuses a placeholder with two types, which a statement
 * built through Drizzle cannot bind; this is the same insert for the options we use.
 * With `once`, the job is filed in its slot of `perSeconds` (and key) on the database's clock, as pg-boss's
 * singletonSeconds does: its unique index (name, singleton_on, singleton_key) keeps a second one out, and the
 * answer is then null.
 */
export async function insertJob(executor: Executor, queue: string, data: object, delaySeconds: number, once?: OnceOptions): Promise<string | null> {
  const startAfter = sql`now() + ${delaySeconds} * interval '1 second'`;
  const singletonOn = once
    ? sql`'epoch'::timestamp + ${once.perSeconds}::int * interval '1 second' * floor(extract(epoch from now()) / ${once.perSeconds}::int)`
    : sql`null::timestamp`;
  const [row] = await queryRows<{ id: string }>(
    executor,
    sql`insert into pgboss.job (name, data, start_after, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy, dead_letter, singleton_key, singleton_on)
        select queue.name, ${JSON.stringify(data)}::jsonb, ${startAfter}, coalesce(queue.expire_seconds, 900) * interval '1 second',
               ${startAfter} + coalesce(queue.retention_minutes, 14 * 24 * 60) * interval '1 minute',
               coalesce(queue.retry_limit, 2), coalesce(queue.retry_delay, 0), coalesce(queue.retry_backoff, false), queue.policy, queue.dead_letter,
               ${once?.key ?? null}::text, ${singletonOn}
          from pgboss.queue queue where queue.name = ${queue}
        on conflict do nothing
        returning id`,
  );
  return row?.id ?? null;
}

/**
 * A failed run: pg-boss 10's own fail() knows neither a longest delay nor "no retry can
 * fix this". The job waits for its next try (state `retry`, due after the backoff), or is
 * dead (state `failed`, kept in its own queue for an administrator) when its retries are
 * spent or the failure is permanent. Only a job still `active` is settled: one that
 * expired or was settled elsewhere meanwhile is left as it is.
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
 * Puts a dead job back on its queue as a new job, with the queue's whole retry policy, in
 * `executor`'s transaction; the dead one is closed (cancelled), so it is put back once.
 * Answers the new job's id, or null when no such dead job exists (already put back, or never dead).
 */
export async function redriveDead(executor: Executor, id: string): Promise<string | null> {
  const [dead] = await queryRows<{ name: string; data: object }>(
    executor,
    sql`update pgboss.job set state = 'cancelled', completed_on = now() where id = ${id}::uuid and state = 'failed' returning name, data`,
  );
  if (!dead) return null;
  const fresh = await insertJob(executor, dead.name, dead.data, 0);
  if (fresh) await wakeWorkers(executor, dead.name);
  return fresh;
}

/** Enqueuing NOTIFYs this channel with the queue's name, in the enqueuing transaction: its commit wakes the workers at once. */
export const WAKE_CHANNEL = "dialwise_jobs";

export async function wakeWorkers(executor: Executor, queue: string): Promise<void> {
  await executor.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${queue})`);
}

/**
 * Adds a job without the queue object at hand, in `executor`'s transaction: for work decided deep
 * inside a shared function that many callers run in their own transactions (the ledger's
 * low-balance email), including maintenance scripts that start no queue. The kind's handler is
 * registered by every server, so its queue exists once a server has started; false when it does
 * not exist yet (no server ever ran on this database), and nothing is added.
 */
export async function enqueueInTransaction<Data extends object>(executor: Executor, type: JobType<Data>, data: Data): Promise<boolean> {
  const id = await insertJob(executor, type.queue, data, 0);
  if (id !== null) await wakeWorkers(executor, type.queue);
  return id !== null;
}

/**
 * Deletes a queue's jobs whose data's `field` is `value` (case aside), whatever their state (waiting,
 * retrying, running, done or dead), from the job table and from the archive, where pg-boss 10 moves
 * finished jobs for a day before deleting them: for data about a person that must not outlive their
 * account, nor be acted on after it. A running job deleted here finishes on its worker; settling it then
 * finds no row, as for a job that expired. Answers how many rows went.
 */
export async function deleteJobsWith(executor: Executor, queue: string, field: string, value: string): Promise<number> {
  let deleted = 0;
  for (const table of [sql`pgboss.job`, sql`pgboss.archive`]) {
    const rows = await queryRows<{ id: string }>(
      executor,
      sql`delete from ${table} where name = ${queue} and lower(data ->> ${field}) = lower(${value}) returning id`,
    );
    deleted += rows.length;
  }
  return deleted;
}
