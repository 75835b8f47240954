import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../db/client";

/**
 * The databases integration tests run on: always a fresh in-memory PGlite, and
 * a fresh PostgreSQL database per test file when TEST_DATABASE_URL is set.
 */
export type Engine = "pglite" | "postgres";

export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase extends DatabaseHandle {
  /** The throw-away PostgreSQL database's URL, for a second connection to it; null on PGlite. */
  url: string | null;
  /** Closes and, on PostgreSQL, drops the throw-away database. */
  destroy(): Promise<void>;
}

export async function openTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const handle = await openDatabase({ inMemory: true });
    return { ...handle, url: null, destroy: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `dialwise_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    async destroy() {
      await handle.close();
      await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
