import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Where backups go and what they are called: `dialwise-<UTC time>` plus the engine's own
 * format, `.dump` (PostgreSQL's custom format, pg_restore reads it) or `.tar.gz` (PGlite's
 * dump of its data folder). The time sorts as text, so the newest is the last name.
 */
export type BackupEngine = "postgres" | "pglite";

const EXTENSION: Record<BackupEngine, string> = { postgres: ".dump", pglite: ".tar.gz" };

/** Backups are refused by a script as a whole: its message says why, and nothing was written. */
export class BackupRefusedError extends Error {
  override name = "BackupRefusedError";
}

/** DATA_DIR/backups (var/backups by default): beside the data, so move it off the machine too. */
export const defaultBackupFolder = (dataDir: string) => path.join(dataDir, "backups");

/** `dialwise-20261127-140512Z.dump`: the time a backup was started, to the second, in UTC. */
export function backupFileName(engine: BackupEngine, at: Date = new Date()): string {
  const stamp = at.toISOString().replace(/\.\d+Z$/, "Z").replace(/[-:]/g, "").replace("T", "-");
  return `dialwise-${stamp}${EXTENSION[engine]}`;
}

/** The engine a backup file was made on, by its name's ending. */
export function backupEngineOf(file: string): BackupEngine | null {
  if (file.endsWith(EXTENSION.postgres)) return "postgres";
  if (file.endsWith(EXTENSION.pglite)) return "pglite";
  return null;
}

/**
 * The backup `from` names: a file as it is, or the newest backup of `engine` in a folder.
 * Throws BackupRefusedError when there is none.
 */
export function chooseBackup(from: string, engine: BackupEngine): string {
  if (!existsSync(from)) throw new BackupRefusedError(`There is no backup at ${from}.`);
  if (statSync(from).isFile()) return from;
  const names = readdirSync(from).filter((name) => name.startsWith("dialwise-") && backupEngineOf(name) === engine).sort();
  const newest = names.at(-1);
  if (!newest) throw new BackupRefusedError(`There is no ${engine === "postgres" ? "PostgreSQL (.dump)" : "embedded database (.tar.gz)"} backup in ${from}.`);
  return path.join(from, newest);
}
