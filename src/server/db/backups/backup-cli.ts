import { statSync } from "node:fs";
import path from "node:path";
import { parseCliOptions, type CliResult } from "../../cli-arguments";
import { ConfigError, loadConfig, type Config } from "../../config";
import { moveEarlierRuntimeState } from "../../earlier-data-folder";
import { redactPassword } from "../client";
import { claimDataDir, DataDirLockedError } from "../data-dir-lock";
import { backupEngineOf, BackupRefusedError, chooseBackup, defaultBackupFolder } from "./backup-files";
import { backupEmbedded, restoreEmbedded } from "./embedded-backup";
import { backupPostgres, restorePostgres } from "./postgres-backup";

const BACKUP_USAGE = [
  "Usage: npm run db:backup [-- --to folder]",
  "  Backs up the database into a file named with the time, in DATA_DIR/backups (var/backups) or the folder given:",
  "  with DATABASE_URL set, PostgreSQL's custom format (pg_dump, while the server runs);",
  "  otherwise the embedded database as a .tar.gz (stop the server first).",
].join("\n");

const RESTORE_USAGE = [
  "Usage: npm run db:restore [-- --from file-or-folder] [--replace]",
  "  Restores a backup into the database DATABASE_URL names, or into the embedded database (stop the server first).",
  "  --from: a backup file, or a folder whose newest backup is taken (default DATA_DIR/backups).",
  "  --replace: replace a database that is not empty (refused without it).",
].join("\n");

/** Runs one backup script: configuration, the earlier data folder's move, and its refusals as exit 1. */
async function withConfig(env: NodeJS.ProcessEnv, work: (config: Config, notes: string[]) => Promise<CliResult>, failure: string): Promise<CliResult> {
  try {
    const config = loadConfig(env);
    const notes = moveEarlierRuntimeState({ dataDir: config.dataDir }).map((note) => note.message);
    return await work(config, notes);
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof ConfigError || error instanceof BackupRefusedError) return { exitCode: 1, output: error.message };
    return { exitCode: 1, output: `${failure}: ${(error as Error).message}` };
  }
}

/** With the embedded database, holds DATA_DIR's claim for the length of `work`: refused while the server runs. */
async function holdingDataDir<T>(dataDir: string, label: string, work: () => Promise<T>): Promise<T> {
  const release = claimDataDir(dataDir, label);
  try {
    return await work();
  } finally {
    release();
  }
}

/** `npm run db:backup`. Exit 0 backed up, 1 refused or failed, 2 bad usage. */
export async function runDbBackup(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const parsed = parseCliOptions(args, { to: { type: "string" } }, BACKUP_USAGE);
  if ("result" in parsed) return parsed.result;
  const to = parsed.values.to?.trim();
  return withConfig(
    env,
    async (config, notes) => {
      const folder = to ? path.resolve(to) : defaultBackupFolder(config.dataDir);
      const { databaseUrl } = config;
      const file = databaseUrl
        ? await backupPostgres(databaseUrl, folder, env)
        : await holdingDataDir(config.dataDir, "a database backup (npm run db:backup)", () => backupEmbedded(config.dataDir, folder));
      const what = databaseUrl ? `the PostgreSQL database ${redactPassword(databaseUrl)}` : `the embedded database in ${path.join(config.dataDir, "db")}`;
      return {
        exitCode: 0,
        output: [...notes, `Backed up ${what} to ${file} (${(statSync(file).size / 1024).toFixed(0)} KiB).`, `Restore it with: npm run db:restore -- --from ${file}`].join("\n"),
      };
    },
    "The backup failed",
  );
}

/** `npm run db:restore`. Exit 0 restored, 1 refused or failed (nothing changed), 2 bad usage. */
export async function runDbRestore(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const parsed = parseCliOptions(args, { from: { type: "string" }, replace: { type: "boolean" } }, RESTORE_USAGE);
  if ("result" in parsed) return parsed.result;
  const from = parsed.values.from?.trim();
  const replace = parsed.values.replace === true;
  return withConfig(
    env,
    async (config, notes) => {
      const engine = config.databaseUrl ? "postgres" : "pglite";
      const file = chooseBackup(from ? path.resolve(from) : defaultBackupFolder(config.dataDir), engine);
      const made = backupEngineOf(file);
      if (made !== engine) {
        throw new BackupRefusedError(
          made === "pglite"
            ? `${file} is a backup of the embedded database, but DATABASE_URL is set: restore it with DATABASE_URL unset, then move it with npm run db:move.`
            : made === "postgres"
              ? `${file} is a PostgreSQL backup, but DATABASE_URL is not set: set it to the database to restore into.`
              : `${file} is not a backup this script wrote (.dump for PostgreSQL, .tar.gz for the embedded database).`,
        );
      }
      const { databaseUrl } = config;
      const lines = databaseUrl
        ? await restorePostgres(databaseUrl, file, { replace }, env)
        : await holdingDataDir(config.dataDir, "a database restore (npm run db:restore)", () => restoreEmbedded(config.dataDir, file, { replace }));
      return { exitCode: 0, output: [...notes, ...lines].join("\n") };
    },
    "The restore failed and nothing was changed",
  );
}
