import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { supportAfterCommit } from "./after-commit";
import { openPgListener, type Listen } from "./listener";
import { surviveLostConnections } from "./lost-connections";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** The query builder, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: what services accept so callers can compose them. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "transaction">;

export type { Listen } from "./listener";

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Where the data lives, for the start-up log (a path or a URL without its password). */
  location: string;
  /** Subscribes to Postgres NOTIFY on a channel, reconnecting (and saying so) when the connection drops. */
  listen: Listen;
  /** The engine's own connection, for a library that talks to it directly (the job queue). */
  connection: { engine: "pglite"; client: PGlite } | { engine: "postgres"; url: string };
  /** node-postgres's pool, for its counters (metrics); the embedded database has none. */
  pool?: Pick<pg.Pool, "totalCount" | "idleCount" | "waitingCount">;
  close(): Promise<void>;
}

// Beside this file in src/server/db, and copied beside the bundle in dist/server by the build.
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * `listenUrl` is where LISTEN connects when that must differ from the pool's URL
 * (a transaction-mode pooler in front of the pool cannot LISTEN); it defaults to `databaseUrl`.
 */
export type DatabaseOptions = { databaseUrl: string; listenUrl?: string } | { dataDir: string } | { inMemory: true; loadDataDir?: Blob };

/** Opens PGlite (a folder, or memory for tests) or a real PostgreSQL, and applies migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = "databaseUrl" in options ? openPostgres(options.databaseUrl, options.listenUrl) : await openPglite(options);
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPglite(options: { dataDir: string } | { inMemory: true; loadDataDir?: Blob }) {
  let location = "memory";
  if ("dataDir" in options) {
    location = path.join(options.dataDir, "db");
    mkdirSync(location, { recursive: true });
  }
  // In memory, optionally starting from a dumped data folder (the tests' prepared database, test/database-template.ts).
  const client = "inMemory" in options ? new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) : new PGlite(location);
  await client.waitReady;
  const db = supportAfterCommit(drizzlePglite({ client, schema }) as unknown as Database);
  return {
    db,
    kind: "pglite" as const,
    location,
    connection: { engine: "pglite" as const, client },
    // In process, a subscription cannot drop: `down` and `up` never happen here.
    listen: (async (channel, handlers) => {
      const unsubscribe = await client.listen(channel, handlers.message);
      return { close: async () => unsubscribe() };
    }) satisfies Listen,
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

function openPostgres(databaseUrl: string, listenUrl = databaseUrl) {
  // A database that does not answer fails a request within seconds (503), instead of holding it until TCP gives up.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
  // A connection lost by an idle or a busy client (server restart, terminated backend) must not take the process down.
  surviveLostConnections(pool);
  const db = supportAfterCommit(drizzlePg({ client: pool, schema }) as unknown as Database);
  const listeners = new Set<{ close(): Promise<void> }>();
  return {
    db,
    kind: "postgres" as const,
    location: redactPassword(databaseUrl),
    connection: { engine: "postgres" as const, url: databaseUrl },
    pool,
    // LISTEN needs a connection of its own for as long as we listen, reopened when it drops.
    listen: (async (channel, handlers) => {
      const listener = await openPgListener({ connectionString: listenUrl, channel, handlers });
      const entry = {
        close: async () => {
          listeners.delete(entry);
          await listener.close();
        },
      };
      listeners.add(entry);
      return entry;
    }) satisfies Listen,
    // Instances of a deployment start together: one migrates while the others wait for it, then find nothing to do.
    migrate: () => whileHoldingStartupLock(pool, () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder })),
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.close()));
      await pool.end();
    },
  };
}

/** The advisory lock ("DwMg") that lets one instance at a time migrate a shared database. */
const MIGRATION_LOCK = 0x44774d67;

async function whileHoldingStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const session = await pool.connect();
  try {
    await session.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      return await work();
    } finally {
      await session.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    session.release();
  }
}

export function redactPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** Runs raw SQL and returns its rows; both engines answer with { rows }. */
export async function queryRows<Row>(executor: Pick<Database, "execute">, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as { rows: Row[] };
  return result.rows;
}
