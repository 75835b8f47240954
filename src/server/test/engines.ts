import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import type { DatabaseTemplates, TemplateKind } from "./database-template";
import { databaseUrlFor, withAdminClient } from "./postgres-admin";

/** The databases integration tests run on: a fresh in-memory PGlite, or a fresh PostgreSQL database (TEST_DATABASE_URL). */
export type Engine = "pglite" | "postgres";

/**
 * The one engine most integration tests run on: PostgreSQL when the run has one (what a deployment
 * of several instances shares), else the embedded database. What a test checks there (a route, a
 * rule, a figure) is SQL both engines run alike; the browser tests run the embedded one throughout.
 */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["postgres"] : ["pglite"];

/**
 * Both engines, for tests of what behaves differently on them: the bus and LISTEN, the job queue,
 * transactions and locks under concurrency, lost connections, collations, the ledger's invariants.
 */
export const everyEngine: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase extends DatabaseHandle {
  /** The throw-away PostgreSQL database's URL, for a second connection to it; null on PGlite. */
  url: string | null;
  /** Closes and, on PostgreSQL, drops the throw-away database. */
  destroy(): Promise<void>;
}

/** The run's template databases, when the server tests' global setup made them (test/database-template.ts). */
function templates(): DatabaseTemplates | undefined {
  return inject("databaseTemplates");
}

/**
 * A fresh database: migrated, or `prepared` as every server leaves it (seed data loaded, the job
 * queue installed), copied from the run's template when there is one, else made here.
 */
export async function openTestDatabase(engine: Engine, kind: TemplateKind = "migrated"): Promise<TestDatabase> {
  const template = templates()?.[kind];
  if (engine === "pglite") {
    const loadDataDir = template ? new Blob([readFileSync(template.pgliteDump)]) : undefined;
    const handle = await openDatabase({ inMemory: true, ...(loadDataDir ? { loadDataDir } : {}) });
    return { ...handle, url: null, destroy: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `dialwise_test_${randomBytes(6).toString("hex")}`;
  const copyOf = template?.postgres;
  await withAdminClient(adminUrl, (client) => client.query(copyOf ? `CREATE DATABASE ${name} TEMPLATE ${copyOf}` : `CREATE DATABASE ${name}`));
  const url = databaseUrlFor(adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  return {
    ...handle,
    url,
    async destroy() {
      await handle.close();
      await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
