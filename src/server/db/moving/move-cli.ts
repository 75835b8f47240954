import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { parseCliOptions, type CliResult } from "../../cli-arguments";
import { ConfigError, loadConfig } from "../../config";
import { moveEarlierRuntimeState } from "../../earlier-data-folder";
import { openDatabase, redactPassword } from "../client";
import { claimDataDir, DataDirLockedError } from "../data-dir-lock";
import { MoveRefusedError, moveDatabase, type MoveReport } from "./move-database";

const USAGE = [
  "Usage: npm run db:move -- --to postgres://user:password@host:5432/database",
  "  Copies the embedded database (DATA_DIR/db) into an empty PostgreSQL database, checks it,",
  "  and prints the DATABASE_URL to set. Stop the server first; the embedded database is left as it was.",
].join("\n");

/** `npm run db:move`: see moveDatabase. Exit 0 moved, 1 refused or failed (nothing written to the target), 2 bad usage. */
export async function runDbMove(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const parsed = parseCliOptions(args, { to: { type: "string" } }, USAGE);
  if ("result" in parsed) return parsed.result;
  const to = parsed.values["to"]?.trim() ?? "";
  if (!to) return { exitCode: 2, output: `--to is required\n${USAGE}` };
  if (!isPostgresUrl(to)) return { exitCode: 2, output: `Not a PostgreSQL URL (postgres://…): ${redact(to)}\n${USAGE}` };

  let release: (() => void) | null = null;
  try {
    const config = loadConfig(env);
    const moved = moveEarlierRuntimeState({ dataDir: config.dataDir }).map((note) => note.message);
    const folder = path.join(config.dataDir, "db");
    if (!existsSync(folder) || readdirSync(folder).length === 0) return { exitCode: 1, output: [...moved, `There is no embedded database in ${folder} to move.`].join("\n") };
    // Refuses while the server (or another script) runs on it, and keeps it from starting during the move.
    release = claimDataDir(config.dataDir, "a database move (npm run db:move)");
    const embedded = await openDatabase({ dataDir: config.dataDir });
    const target = new pg.Client({ connectionString: to, connectionTimeoutMillis: 10_000 });
    try {
      try {
        await target.connect();
      } catch (error) {
        return { exitCode: 1, output: `Cannot connect to ${redact(to)}: ${(error as Error).message}` };
      }
      if (embedded.connection.engine !== "pglite") throw new Error("the embedded database opened as PostgreSQL");
      const report = await moveDatabase(embedded.connection.client, target);
      return { exitCode: 0, output: [...moved, ...summary(folder, to, report)].join("\n") };
    } finally {
      await target.end().catch(() => undefined);
      await embedded.close();
    }
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof ConfigError || error instanceof MoveRefusedError) return { exitCode: 1, output: error.message };
    return { exitCode: 1, output: `The move failed and nothing was written to the target: ${(error as Error).message}` };
  } finally {
    release?.();
  }
}

function summary(folder: string, to: string, report: MoveReport): string[] {
  const width = Math.max(...report.tables.map((entry) => entry.table.length));
  const total = report.tables.reduce((sum, entry) => sum + entry.rows, 0);
  return [
    `Moved the embedded database in ${folder} to ${redact(to)}.`,
    ...report.tables.filter((entry) => entry.rows > 0).map((entry) => `  ${entry.table.padEnd(width)}  ${entry.rows}`),
    `Checked: ${report.tables.length} tables with the same row counts on both sides (${total} rows counted), ${report.sequences} sequences carried over,`,
    `  ${report.balances.accounts} balances equal to their ledgers (total ${report.balances.totalBalance} USD).`,
    "Now set, in .env or the server's environment, and start the server:",
    `  DATABASE_URL=${to}`,
    `The embedded database in ${folder} is left as it was: keep it until the server runs well on PostgreSQL.`,
  ];
}

function isPostgresUrl(text: string): boolean {
  try {
    return ["postgres:", "postgresql:"].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** A URL for the output without its password, even one that does not parse. */
function redact(text: string): string {
  try {
    return redactPassword(text);
  } catch {
    return text.replace(/:[^:@/]*@/, ":***@");
  }
}
