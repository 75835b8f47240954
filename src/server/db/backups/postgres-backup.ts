import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { redactPassword } from "../client";
import { describeContents, targetContents } from "../moving/target-contents";
import { pgConnection } from "../moving/app-catalog";
import { backupFileName, BackupRefusedError } from "./backup-files";
import { requireTool, restoreInOneTransaction, runTool, serverMajorVersion, toolConnection } from "./postgres-tools";
import { restoredSummary } from "./restored-summary";

/**
 * Backups of a PostgreSQL database (DATABASE_URL) with PostgreSQL's own tools: pg_dump in its
 * custom format (compressed, one consistent snapshot) while the servers run, and pg_restore's
 * SQL run by psql in one transaction, so a restore lands whole or not at all.
 */

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Dumps the database into `folder`; answers the file written. */
export async function backupPostgres(url: string, folder: string, env: NodeJS.ProcessEnv): Promise<string> {
  const major = await withClient(url, serverMajorVersion);
  await requireTool("pg_dump", major, env);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, backupFileName("postgres"));
  if (existsSync(file)) throw new BackupRefusedError(`${file} exists already: wait a second and try again.`);
  // Written under another name first, so a dump cut short never looks like a backup.
  const partial = `${file}.partial`;
  const tool = toolConnection(url, env);
  try {
    await runTool("pg_dump", ["--format=custom", `--file=${partial}`, `--dbname=${tool.dbname}`], tool.env);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, file);
  return file;
}

/**
 * What --replace removes before the dump is restored, in the restore's transaction: the job
 * queue's and the migrations' schemas, and every table of public (the app keeps nothing else
 * there). pg_restore's own --clean cannot do it: it drops a partition's inherited key alone,
 * which PostgreSQL refuses, and pg-boss keeps one partition per queue.
 */
const DROP_APP_TABLES = `
  DROP SCHEMA IF EXISTS pgboss CASCADE;
  DROP SCHEMA IF EXISTS drizzle CASCADE;
  DO $$ DECLARE t record; BEGIN
    FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition LOOP
      EXECUTE format('DROP TABLE IF EXISTS public.%I CASCADE', t.relname);
    END LOOP;
  END $$;
`;

/**
 * Restores a dump into the database, in one transaction. A database that holds any of the
 * app's tables is replaced only when asked (`replace`), only while nobody else is connected
 * to it, and the answer says what was there.
 */
export async function restorePostgres(url: string, file: string, options: { replace: boolean }, env: NodeJS.ProcessEnv): Promise<string[]> {
  return withClient(url, async (client) => {
    const major = await serverMajorVersion(client);
    await requireTool("pg_restore", major, env);
    await requireTool("psql", major, env);
    const contents = await targetContents(pgConnection(client));
    const appTables = new Set(contents.tables);
    const holds = describeContents(contents, appTables);
    const lines: string[] = [];
    if (holds.length > 0) {
      if (!options.replace) {
        throw new BackupRefusedError(["The database is not empty:", ...holds, "Restore into a new, empty database, or add --replace to replace what it holds with the backup."].join("\n"));
      }
      const { rows } = await client.query<{ sessions: number; who: string | null }>(
        `select count(*)::int as sessions, string_agg(distinct coalesce(nullif(application_name, ''), client_addr::text, 'a local connection'), ', ') as who
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      const others = rows[0];
      if (others && others.sessions > 0) {
        throw new BackupRefusedError(`${others.sessions} other connections are open to the database (${others.who ?? "unknown"}): stop every server using it, then restore.`);
      }
      lines.push("Replaced what the database held:", ...holds);
    }
    const tool = toolConnection(url, env);
    await restoreInOneTransaction(file, options.replace ? DROP_APP_TABLES : "", tool.dbname, tool.env);
    return [`Restored ${file} (${(statSync(file).size / 1024).toFixed(0)} KiB) into ${redactPassword(url)}:`, ...(await restoredSummary({ engine: "postgres", client })), ...lines];
  });
}
