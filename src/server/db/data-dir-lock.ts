import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * One process at a time on an embedded (PGlite) data folder: PGlite is a
 * single-process database, and two processes writing one folder corrupt it.
 * The server (createServer) and the maintenance scripts (rates:import,
 * admin:create) claim DATA_DIR/server.pid; PostgreSQL (DATABASE_URL) needs none.
 *
 * The file holds the pid on its first line (the pid-file convention), then who
 * holds it and since when.
 */
export const LOCK_FILE_NAME = "server.pid";

export interface DataDirHolder {
  pid: number;
  /** Who holds it, as a phrase: "the Dialwise server", "a rates import". */
  label: string;
  since: string;
}

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly holder: DataDirHolder,
    readonly lockFile: string,
  ) {
    const who = holder.label.charAt(0).toUpperCase() + holder.label.slice(1);
    super(
      `${who} (pid ${holder.pid}, since ${holder.since}) is using the embedded database in ${path.dirname(lockFile)}. ` +
        `The embedded database allows one process at a time: stop it first, or use PostgreSQL (DATABASE_URL), where both can run together. ` +
        `If no such process is running, delete ${lockFile}.`,
    );
  }
}

// Claims held by this process; a second claim of the same folder in one process is refused too.
const claimedHere = new Map<string, DataDirHolder>();

function isAlive(pid: number): boolean {
  // Our own pid in the file is a leftover of an earlier process (containers reuse low pids).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockFile: string): DataDirHolder | null {
  let text: string;
  try {
    text = readFileSync(lockFile, "utf8");
  } catch {
    return null;
  }
  const [pidLine = "", label = "another process", since = "an unknown time"] = text.split("\n");
  const pid = Number(pidLine.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? { pid, label: label.trim() || "another process", since: since.trim() || "an unknown time" } : null;
}

/** The live process holding the folder, or null (no claim, or one left by a process that died). */
export function dataDirHolder(dataDir: string): DataDirHolder | null {
  const holder = readHolder(path.join(dataDir, LOCK_FILE_NAME));
  return holder !== null && isAlive(holder.pid) ? holder : null;
}

/**
 * Claims the folder for this process and returns the release function, or throws
 * DataDirLockedError naming the live holder. A claim left by a dead process is
 * taken over. The claim is also dropped when the process exits.
 */
export function claimDataDir(dataDir: string, label: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.resolve(dataDir, LOCK_FILE_NAME);
  const ours = claimedHere.get(lockFile);
  if (ours !== undefined) throw new DataDirLockedError(ours, lockFile);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let fd: number;
    try {
      // "wx": create or fail, atomically, so two starting processes cannot both win.
      fd = openSync(lockFile, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockFile);
      if (holder !== null && isAlive(holder.pid)) throw new DataDirLockedError(holder, lockFile);
      rmSync(lockFile, { force: true });
      continue;
    }
    const holder: DataDirHolder = { pid: process.pid, label, since: new Date().toISOString() };
    writeSync(fd, `${holder.pid}\n${holder.label}\n${holder.since}\n`);
    closeSync(fd);
    claimedHere.set(lockFile, holder);
    const release = () => {
      process.removeListener("exit", release);
      claimedHere.delete(lockFile);
      // Only our own claim: never delete one another process has taken over since.
      if (readHolder(lockFile)?.pid === process.pid) rmSync(lockFile, { force: true });
    };
    process.once("exit", release);
    return release;
  }
  throw new Error(`Could not claim ${lockFile}: another process keeps recreating it`);
}
