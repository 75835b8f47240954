import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { DEFAULT_DATA_DIR } from "./config";
import { dataDirHolder, DataDirLockedError, LOCK_FILE_NAME } from "./db/data-dir-lock";

/** What an earlier version wrote beside the seed data, when the runtime folder defaulted to ./data. */
const EARLIER_STATE = ["db", "secrets.json"] as const;

export interface MoveNote {
  level: "info" | "warn";
  message: string;
}

/**
 * Earlier versions kept the embedded database and the generated secrets in ./data,
 * beside the seed data. When DATA_DIR is the default folder (./var, unset or set
 * to it as in .env.example), the first start (or maintenance script) of this
 * version moves them there, once, so an upgrade keeps every account, price and
 * session. Any other DATA_DIR is the operator's choice and is left alone.
 * Returns what it did, for the log.
 *
 * Throws DataDirLockedError while an earlier server still runs on ./data: moving
 * a database under a running process would corrupt it.
 */
export function moveEarlierRuntimeState(options: { dataDir: string; cwd?: string }): MoveNote[] {
  const cwd = options.cwd ?? process.cwd();
  const earlier = path.resolve(cwd, "data");
  const target = path.resolve(options.dataDir);
  if (target !== path.resolve(cwd, DEFAULT_DATA_DIR)) return [];
  const found = EARLIER_STATE.filter((name) => existsSync(path.join(earlier, name)));
  if (found.length === 0) return [];

  const holder = dataDirHolder(earlier);
  if (holder !== null) throw new DataDirLockedError(holder, path.join(earlier, LOCK_FILE_NAME));

  const notes: MoveNote[] = [];
  const moved: string[] = [];
  for (const name of found) {
    const from = path.join(earlier, name);
    const to = path.join(target, name);
    if (existsSync(to)) {
      notes.push({
        level: "warn",
        message: `${from} was left where it is: ${to} exists already. The server uses ${to}; delete whichever of the two you do not need.`,
      });
      continue;
    }
    moveAcross(from, to);
    moved.push(name);
  }
  // A pid file the earlier server left behind (it is not running: checked above).
  rmSync(path.join(earlier, LOCK_FILE_NAME), { force: true });
  if (moved.length > 0) {
    const what = moved.map((name) => (name === "db" ? "the embedded database" : "the generated secrets")).join(" and ");
    notes.unshift({ level: "info", message: `Moved ${what} from ${earlier} to ${target}: runtime state now lives apart from the seed data (DATA_DIR).` });
  }
  return notes;
}

/** rename, or copy then delete when the two folders are on different file systems. */
function moveAcross(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    cpSync(from, to, { recursive: true, preserveTimestamps: true });
    rmSync(from, { recursive: true, force: true });
  }
}
