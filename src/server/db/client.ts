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
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** The query builder, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: what services accept so callers can compose them. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "transaction">;

export type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Where the data lives, for the start-up log (a path or a URL without its password). */
  location: string;
  /** Subscribes to Postgres NOTIFY on a channel. */
  listen: Listen;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type DatabaseOptions = { databaseUrl: string } | { dataDir: string } | { inMemory: true };

/** Opens PGlite (a folder, or memory for tests) or a real PostgreSQL, and applies migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = "databaseUrl" in options ? openPostgres(options.databaseUrl) : await openPglite(options);
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPglite(options: { dataDir: string } | { inMemory: true }) {
  let location = "memory";
  if ("dataDir" in options) {
    location = path.join(options.dataDir, "db");
    mkdirSync(location, { recursive: true });
  }
  const client = location === "memory" ? new PGlite() : new PGlite(location);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite" as const,
    location,
    listen: async (channel: string, onMessage: (payload: string) => void) => {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

function openPostgres(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client that errors (server restart) must not take the process down; the pool replaces it.
  pool.on("error", () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: "postgres" as const,
    location: redactPassword(databaseUrl),
    listen: async (channel: string, onMessage: (payload: string) => void) => {
      // LISTEN needs a connection of its own for as long as we listen.
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on("error", () => undefined);
      await client.connect();
      client.on("notification", (message) => {
        if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end();
      };
    },
    migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
    close: async () => {
      await Promise.all([...listeners].map((client) => client.end()));
      await pool.end();
    },
  };
}

function redactPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** Runs raw SQL and returns its rows; both engines answer with { rows }. */
export async function queryRows<Row>(executor: Pick<Database, "execute">, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as { rows: Row[] };
  return result.rows;
}
