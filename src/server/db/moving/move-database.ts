import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";
import type { CreditAuditSummary } from "../../../shared/api/credit-audit";
import { jobQueueCreation, jobSchemaCreation, jobSchemaVersion } from "../../jobs/job-schema";
import { reconcileAccounts } from "../../modules/credit-audit/reconciliation";
import { migrationsFolder, type Database } from "../client";
import {
  appTables,
  foreignKeyOrder,
  foreignKeys,
  pgConnection,
  pgliteConnection,
  quotedName,
  rowCounts,
  sequenceStates,
  tableLabel,
  type AppTable,
  type SqlConnection,
} from "./app-catalog";
import { copyRows } from "./copy-rows";
import { describeContents, isEmptyTarget, targetContents } from "./target-contents";

/** A move that cannot (or must not) go ahead; its message says why and what to do. Nothing was written. */
export class MoveRefusedError extends Error {
  override name = "MoveRefusedError";
}

export interface MoveReport {
  /** Every table of the app's schemas with its rows, counted on both sides and equal. */
  tables: { table: string; rows: number }[];
  sequences: number;
  /** The credit audit's summary, the same on both sides with no account drifted. */
  balances: CreditAuditSummary;
}

/**
 * Copies the whole embedded database into an empty PostgreSQL database: one read of the
 * source in a single repeatable-read snapshot, one transaction on the target that builds
 * the app's schema (its migrations, pg-boss's tables and one partition per queue), copies
 * every table's rows in foreign-key order, sets every sequence where the source had it,
 * and then checks before it commits: each table's rows counted on both sides, and every
 * balance reconciled with its ledger by the credit audit's own query. Any difference, or
 * any error, rolls the target back whole.
 */
export async function moveDatabase(source: PGlite, target: pg.Client): Promise<MoveReport> {
  const from = pgliteConnection(source);
  const to = pgConnection(target);
  await from.query("begin isolation level repeatable read read only");
  try {
    const tables = await appTables(from);
    const labels = new Set(tables.map(tableLabel));
    await refuseUnmovableSource(from, labels);

    const contents = await targetContents(to);
    if (!isEmptyTarget(contents, labels)) {
      throw new MoveRefusedError(["The target database is not empty:", ...describeContents(contents, labels), "Move into a new, empty database (createdb …), or empty this one first."].join("\n"));
    }

    await to.query("begin");
    try {
      await to.query("set constraints all deferred");
      await buildSchema(from, to, labels);
      await sameTables(tables, await appTables(to));

      const copied = tables.filter((table) => !table.isPartition);
      await to.query(`truncate ${copied.map(quotedName).join(", ")}`);
      const keys = await foreignKeys(from);
      for (const table of foreignKeyOrder(copied, keys)) {
        const selfReferencing = keys.some((key) => key.from === tableLabel(table) && key.to === key.from && !key.deferrable);
        await copyRows(from, to, table, { selfReferencing });
      }
      const sequences = await sequenceStates(from);
      for (const sequence of sequences) {
        await to.query("select setval($1::regclass, $2::bigint, $3)", [quotedName(sequence), sequence.lastValue, sequence.isCalled]);
      }

      const counted = await sameRowCounts(from, to, tables);
      const balances = await sameBalances(source, target);
      await to.query("commit");
      return { tables: counted, sequences: sequences.length, balances };
    } catch (error) {
      await to.query("rollback").catch(() => undefined);
      throw error;
    }
  } finally {
    await from.query("rollback").catch(() => undefined);
  }
}

async function refuseUnmovableSource(from: SqlConnection, labels: ReadonlySet<string>): Promise<void> {
  if (!labels.has("drizzle.__drizzle_migrations")) throw new MoveRefusedError("The embedded database has no migrations recorded: it is not a Dialwise database.");
  // A newer pg-boss's schema set aside at start-up still holds jobs of queues this version does not run.
  const retired = await from.query<{ name: string }>("select nspname as name from pg_namespace where nspname like 'pgboss\\_retired\\_%' order by nspname");
  if (retired.length > 0) {
    throw new MoveRefusedError(
      `The embedded database still holds a job schema set aside from a newer version (${retired.map((row) => row.name).join(", ")}). ` +
        "Start the server once so its unfinished jobs are carried over; if it stays, its jobs belong to queues this version does not run: drop it, then move.",
    );
  }
  if (labels.has("pgboss.version")) {
    const [row] = await from.query<{ version: number }>("select max(version)::int as version from pgboss.version");
    const expected = jobSchemaVersion();
    if (row?.version !== expected) {
      throw new MoveRefusedError(`The embedded database's job queue tables are at version ${row?.version ?? "none"}, this version's at ${expected}. Start the server once on the embedded database (npm start), stop it, then move.`);
    }
  }
}

/** The app's schema on the target, exactly as the app builds it, inside the target's transaction. */
async function buildSchema(from: SqlConnection, to: SqlConnection, labels: ReadonlySet<string>): Promise<void> {
  // What drizzle's migrator creates before it applies migrations; the rows it would write are copied.
  await to.query("create schema if not exists drizzle");
  await to.query("create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)");
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    for (const statement of migration.sql) if (statement.trim()) await to.query(statement);
  }
  if (!labels.has("pgboss.version")) return; // no server ever ran: the first one creates the job queue
  await to.query(jobSchemaCreation());
  // Dead-letter queues first: a queue row names its dead-letter queue.
  const queues = await from.query<{ name: string }>("select name from pgboss.queue order by dead_letter is not null, name");
  for (const queue of queues) {
    const creation = jobQueueCreation(queue.name);
    await to.query(creation.text, creation.params);
  }
}

/** The target must now have the source's tables with the source's columns, or the copy would lose something. */
async function sameTables(source: AppTable[], target: AppTable[]): Promise<void> {
  const shape = (table: AppTable) => `${tableLabel(table)}(${table.columns.join(", ")})`;
  const targetShapes = new Set(target.map(shape));
  const sourceShapes = new Set(source.map(shape));
  const onlySource = [...sourceShapes].filter((item) => !targetShapes.has(item));
  const onlyTarget = [...targetShapes].filter((item) => !sourceShapes.has(item));
  if (onlySource.length > 0 || onlyTarget.length > 0) {
    throw new MoveRefusedError(
      [
        "The embedded database's tables differ from the ones this version's migrations create, so the copy would not be faithful:",
        ...onlySource.map((item) => `  only in the embedded database: ${item}`),
        ...onlyTarget.map((item) => `  only in a new database: ${item}`),
      ].join("\n"),
    );
  }
}

async function sameRowCounts(from: SqlConnection, to: SqlConnection, tables: AppTable[]): Promise<{ table: string; rows: number }[]> {
  const before = await rowCounts(from, tables);
  const after = await rowCounts(to, tables);
  const differing = [...before].filter(([table, rows]) => after.get(table) !== rows);
  if (differing.length > 0) {
    throw new Error(`Row counts differ after the copy (${differing.map(([table, rows]) => `${table}: ${rows} in the embedded database, ${after.get(table)} copied`).join("; ")}).`);
  }
  return [...before].map(([table, rows]) => ({ table, rows }));
}

/** The credit audit's reconciliation on both sides: the same summary, and every balance equal to its ledger. */
async function sameBalances(source: PGlite, target: pg.Client): Promise<CreditAuditSummary> {
  const options = { onlyDrifted: true, page: 1 };
  const before = await reconcileAccounts(drizzlePglite({ client: source }) as unknown as Database, options);
  const after = await reconcileAccounts(drizzlePg({ client: target }) as unknown as Database, options);
  if (JSON.stringify(before.summary) !== JSON.stringify(after.summary)) {
    throw new Error(`The balances differ after the copy: ${JSON.stringify(before.summary)} in the embedded database, ${JSON.stringify(after.summary)} copied.`);
  }
  if (after.summary.driftedAccounts > 0) {
    const named = after.accounts.slice(0, 5).map((account) => `${account.email} (balance ${account.balance}, ledger ${account.ledgerSum})`);
    throw new MoveRefusedError(
      `${after.summary.driftedAccounts} balances differ from their ledgers in the embedded database already: ${named.join(", ")}. ` +
        "Put them right first (the credit audit's adjustments), then move.",
    );
  }
  return after.summary;
}
