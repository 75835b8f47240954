import { sql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import { queryRows, type Database, type Executor } from "../db/client";
import type { JobLog } from "./pg-boss-queue";

/**
 * A database that ran a newer pg-boss (12 keeps schema version 46 in `pgboss.version`) cannot
 * be used by pg-boss 10: it migrates only upwards, and would run its statements against tables
 * it does not know. So, before pg-boss starts, such a schema is renamed aside
 * (`pgboss_retired_v46_<time>`), and pg-boss creates its own. Once the queues exist, the jobs
 * that were not done yet are carried over: waiting and retrying ones keep their data, runs and
 * due time (one that was running is run again), dead letters become dead jobs of their own
 * queue. A retired schema whose every unfinished job was carried over is dropped; jobs of a
 * queue this version does not handle stay there, and the next start tries again.
 * Both steps hold the advisory lock pg-boss takes to create its schema, so instances starting
 * together retire and carry over once.
 */

const RETIRED_PREFIX = "pgboss_retired_";

/** The schema version this pg-boss creates, read from its own construction plan. */
export function supportedSchemaVersion(schema: string): number {
  const match = /version\(version\) VALUES \('(\d+)'\)/.exec(PgBoss.getConstructionPlans(schema));
  if (!match) throw new Error("cannot tell which schema version this pg-boss creates");
  return Number(match[1]);
}

/** The same key pg-boss 10 locks while it creates or migrates `schema`. */
export const schemaLock = (schema: string) =>
  sql`select pg_advisory_xact_lock(('x' || encode(sha224((current_database() || ${`.pgboss.${schema}`})::bytea), 'hex'))::bit(64)::bigint)`;

/** Renames a `schema` written by a newer pg-boss aside; answers the name it now has, or null when there was none. */
export async function retireNewerSchema(db: Database, schema: string, log: JobLog): Promise<string | null> {
  const supported = supportedSchemaVersion(schema);
  return db.transaction(async (tx) => {
    await tx.execute(schemaLock(schema));
    const [table] = await queryRows<{ exists: boolean }>(tx, sql`select to_regclass(${`${schema}.version`}) is not null as exists`);
    if (!table?.exists) return null;
    const [row] = await queryRows<{ version: number | null }>(tx, sql`select max(version)::int as version from ${sql.identifier(schema)}.version`);
    const version = row?.version ?? 0;
    if (version <= supported) return null;
    const retired = `${RETIRED_PREFIX}v${version}_${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}`;
    await tx.execute(sql`alter schema ${sql.identifier(schema)} rename to ${sql.identifier(retired)}`);
    log.warn({ schema, version, supported, retired }, "job queue: the database holds a newer pg-boss schema; it is moved aside and its unfinished jobs carried over");
    return retired;
  });
}

/** Carries the unfinished jobs of every retired schema into `schema`, for the queues that exist there. */
export async function carryOverRetiredJobs(db: Database, schema: string, deadLetterQueue: string, log: JobLog): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(schemaLock(schema));
    const retired = await queryRows<{ name: string }>(
      tx,
      sql`select nspname as name from pg_namespace where nspname like ${`${RETIRED_PREFIX}%`} order by nspname`,
    );
    for (const { name } of retired) {
      const [table] = await queryRows<{ exists: boolean }>(tx, sql`select to_regclass(${`${name}.job`}) is not null as exists`);
      if (table?.exists) await carryOver(tx, name, schema, deadLetterQueue, log);
    }
  });
}

async function carryOver(tx: Executor, retired: string, schema: string, deadLetterQueue: string, log: JobLog): Promise<void> {
  const from = sql`${sql.identifier(retired)}.job`;
  const to = sql.identifier(schema);
  const queues = sql`select name from ${to}.queue`;
  const hasSource = await queryRows<{ column_name: string }>(
    tx,
    sql`select column_name from information_schema.columns where table_schema = ${retired} and table_name = 'job' and column_name = 'source_name'`,
  );

  // Waiting and retrying jobs keep their runs and due time; one that was running when the newer
  // version stopped is due again now (at least once, as ever).
  const carried = await move(tx, from, sql`gone.name <> ${deadLetterQueue} and gone.state::text in ('created', 'retry', 'active') and gone.name in (${queues})`, (where) =>
    sql`insert into ${to}.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
                               start_after, started_on, singleton_key, expire_in, created_on, keep_until, output, policy)
        select gone.id, gone.name, gone.priority, gone.data,
               (case when gone.state::text = 'created' then 'created' else 'retry' end)::${to}.job_state,
               queue.retry_limit, gone.retry_count, queue.retry_delay, queue.retry_backoff,
               case when gone.state::text = 'active' then now() else gone.start_after end, gone.started_on, gone.singleton_key,
               coalesce(queue.expire_seconds, 900) * interval '1 second', gone.created_on,
               greatest(gone.keep_until, now() + interval '1 day'), gone.output, queue.policy
          from ${from} gone join ${to}.queue queue on queue.name = gone.name
         where ${where}`,
  );

  // A dead letter of pg-boss 12 names the queue it came from, its runs and its last error.
  const dead =
    hasSource.length === 0
      ? 0
      : await move(tx, from, sql`gone.name = ${deadLetterQueue} and gone.state::text = 'created' and gone.source_name in (${queues})`, (where) =>
          sql`insert into ${to}.job (id, name, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after,
                                     started_on, expire_in, created_on, completed_on, keep_until, output, policy)
              select gone.id, gone.source_name, gone.data, 'failed'::${to}.job_state,
                     queue.retry_limit, coalesce(gone.source_retry_count, 0), queue.retry_delay, queue.retry_backoff, gone.created_on,
                     gone.created_on, coalesce(queue.expire_seconds, 900) * interval '1 second',
                     coalesce(gone.source_created_on, gone.created_on), gone.created_on,
                     greatest(gone.keep_until, now() + interval '1 day'), gone.source_output, queue.policy
                from ${from} gone join ${to}.queue queue on queue.name = gone.source_name
               where ${where}`,
        );

  const [left] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from ${from} where state::text in ('created', 'retry', 'active')`);
  const kept = left?.count ?? 0;
  if (kept === 0) await tx.execute(sql`drop schema ${sql.identifier(retired)} cascade`);
  const details = { retired, carried, dead, kept };
  if (kept === 0) log.warn(details, "job queue: unfinished jobs carried over from the newer pg-boss schema, which is dropped");
  else log.warn(details, "job queue: some jobs of the newer pg-boss schema belong to queues this version does not handle; they stay in the retired schema");
}

/** Inserts the rows `where` selects (aliased `gone`) into the new schema, deletes them from the old one, and answers how many were inserted. */
async function move(tx: Executor, from: SQL, where: SQL, insert: (where: SQL) => SQL): Promise<number> {
  const [row] = await queryRows<{ count: number }>(tx, sql`with moved as (${insert(where)} on conflict do nothing returning 1) select count(*)::int as count from moved`);
  await tx.execute(sql`delete from ${from} gone where ${where}`);
  return row?.count ?? 0;
}
