import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describeContents, targetContents } from "../moving/target-contents";
import { pgliteConnection } from "../moving/app-catalog";
import { backupFileName, BackupRefusedError } from "./backup-files";
import { restoredSummary } from "./restored-summary";

/**
 * Backups of the embedded database (DATA_DIR/db) with PGlite's own dump of its data folder,
 * a .tar.gz that PGlite loads back as it starts (`loadDataDir`). PGlite is one process at a
 * time, so both need the server stopped; the callers hold DATA_DIR's claim while they run.
 */

const stamp = () => new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const hasDatabase = (folder: string) => existsSync(folder) && readdirSync(folder).length > 0;

/** Dumps DATA_DIR/db into `folder`; answers the file written. */
export async function backupEmbedded(dataDir: string, folder: string): Promise<string> {
  const source = path.join(dataDir, "db");
  if (!hasDatabase(source)) throw new BackupRefusedError(`There is no embedded database in ${source} to back up.`);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, backupFileName("pglite"));
  if (existsSync(file)) throw new BackupRefusedError(`${file} exists already: wait a second and try again.`);
  const client = new PGlite(source);
  try {
    await client.waitReady;
    const dump = await client.dumpDataDir("gzip");
    // Written under another name first, so a dump cut short never looks like a backup.
    writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.partial`, file);
  } finally {
    await client.close();
  }
  return file;
}

/**
 * Restores a dump as DATA_DIR/db. It is loaded into a folder of its own and opened first; only
 * then does it take the place of DATA_DIR/db, whose database (with --replace) is kept beside it
 * as db.replaced-<time> rather than deleted.
 */
export async function restoreEmbedded(dataDir: string, file: string, options: { replace: boolean }): Promise<string[]> {
  const target = path.join(dataDir, "db");
  const lines: string[] = [];
  let setAside: string | null = null;
  if (hasDatabase(target)) {
    const existing = new PGlite(target);
    let holds: string[];
    try {
      await existing.waitReady;
      const contents = await targetContents(pgliteConnection(existing));
      holds = describeContents(contents, new Set(contents.tables));
    } finally {
      await existing.close();
    }
    if (holds.length > 0 && !options.replace) {
      throw new BackupRefusedError([`The embedded database in ${target} is not empty:`, ...holds, "Add --replace to replace it with the backup (it is kept beside it, not deleted)."].join("\n"));
    }
    setAside = `${target}.replaced-${stamp()}`;
    if (holds.length > 0) lines.push(`Replaced what the embedded database held, now kept in ${setAside}:`, ...holds);
    else lines.push(`The empty embedded database that was there is kept in ${setAside}.`);
  }

  const loading = `${target}.restoring-${stamp()}`;
  rmSync(loading, { recursive: true, force: true });
  mkdirSync(loading, { recursive: true });
  let summary: string[];
  try {
    const restored = new PGlite(loading, { loadDataDir: new Blob([readFileSync(file)]) });
    try {
      await restored.waitReady;
      summary = await restoredSummary({ engine: "pglite", client: restored });
    } finally {
      await restored.close();
    }
  } catch (error) {
    rmSync(loading, { recursive: true, force: true });
    throw new BackupRefusedError(`${file} could not be loaded as an embedded database (${(error as Error).message}); nothing was changed.`, { cause: error });
  }
  if (setAside) renameSync(target, setAside);
  renameSync(loading, target);
  return [`Restored ${file} into ${target}:`, ...summary, ...lines];
}
