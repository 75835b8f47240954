import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { databaseUrlFor, withAdminClient } from "./postgres-admin";
import { startTestServerOn } from "./test-server";

/**
 * What fresh test databases start from, made once per test run (test/global-setup.ts), so no
 * test file spends seconds migrating and seeding its own. Each test file clones one: PGlite
 * from a dump of its data folder, PostgreSQL with `CREATE DATABASE … TEMPLATE`.
 * - `migrated`: the migrations applied, nothing else (what `openTestDatabase` gives by default);
 * - `prepared`: also the seed data loaded (translations, the rate deck, the guides) and the job
 *   queue's schema installed, by starting a whole test server on it once (what `startTestServer` uses).
 */
export type TemplateKind = "migrated" | "prepared";

export interface DatabaseTemplate {
  /** A PGlite data folder dumped as a tar file. */
  pgliteDump: string;
  /** A database on TEST_DATABASE_URL's server to copy, when that is set. */
  postgres: string | null;
}

export type DatabaseTemplates = Record<TemplateKind, DatabaseTemplate>;

export async function buildDatabaseTemplates(adminUrl: string | undefined): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), "dialwise-test-template-"));
  const dumpPath = (kind: TemplateKind) => path.join(folder, `${kind}.tar`);
  const created: string[] = [];
  const remove = async () => {
    rmSync(folder, { recursive: true, force: true });
    if (adminUrl) for (const name of created) await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  try {
    const embedded = await openDatabase({ inMemory: true });
    try {
      await dump(embedded, dumpPath("migrated"));
      await prepare(embedded);
      await dump(embedded, dumpPath("prepared"));
    } finally {
      await embedded.close();
    }

    const postgres: Record<TemplateKind, string | null> = { migrated: null, prepared: null };
    if (adminUrl) {
      const suffix = randomBytes(6).toString("hex");
      for (const kind of ["migrated", "prepared"] as const) {
        const name = `dialwise_template_${kind}_${suffix}`;
        const copyOf = kind === "prepared" ? postgres.migrated : null;
        await withAdminClient(adminUrl, (client) => client.query(copyOf ? `CREATE DATABASE ${name} TEMPLATE ${copyOf}` : `CREATE DATABASE ${name}`));
        created.push(name);
        const database = await openDatabase({ databaseUrl: databaseUrlFor(adminUrl, name) });
        try {
          if (kind === "prepared") await prepare(database);
        } finally {
          // A template is copied only while nobody is connected to it.
          await database.close();
        }
        postgres[kind] = name;
      }
    }
    return {
      templates: {
        migrated: { pgliteDump: dumpPath("migrated"), postgres: postgres.migrated },
        prepared: { pgliteDump: dumpPath("prepared"), postgres: postgres.prepared },
      },
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}

async function dump(database: DatabaseHandle, file: string): Promise<void> {
  const client = (database.connection as { client: PGlite }).client;
  const data = await client.dumpDataDir("none");
  writeFileSync(file, Buffer.from(await data.arrayBuffer()));
}

/**
 * Starts and stops a test server on the database: its seeders and the job queue leave what every
 * server needs. The jobs it filed as it started (housekeeping) are removed, so each copy starts
 * with an empty queue, as a new deployment does.
 */
async function prepare(database: DatabaseHandle): Promise<void> {
  const server = await startTestServerOn(database, async () => undefined);
  await server.close();
  await database.db.execute(sql`delete from pgboss.job`);
}
