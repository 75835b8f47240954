import { readdir, readFile, rmdir, unlink } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "../../db/client";
import { AppError } from "../../http/app-error";
import { coverOf, saveCover } from "./covers";

/** Where covers were written before they lived in the database: each instance's own DATA_DIR/uploads/blog. */
export function earlierCoversFolder(dataDir: string): string {
  return path.join(dataDir, "uploads", "blog");
}

export interface DiskCoversMove {
  moved: number;
  /** Files the folder holds that are not a cover under its own name (left where they are). */
  left: string[];
}

/**
 * Moves the covers an earlier version kept in this instance's data folder into the database, so
 * posts that use them keep them on every instance. Each file is checked as an upload is and must
 * carry the name its content makes; it is removed once its row is in. Another instance may have
 * moved the same cover from its own folder: the same name is the same bytes, so that row stays.
 */
export async function moveDiskCovers(db: Executor, dataDir: string, log: Pick<FastifyBaseLogger, "info" | "warn">): Promise<DiskCoversMove> {
  const folder = earlierCoversFolder(dataDir);
  let names: string[];
  try {
    names = (await readdir(folder, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { moved: 0, left: [] };
    throw error;
  }
  const result: DiskCoversMove = { moved: 0, left: [] };
  for (const name of names.sort()) {
    const file = path.join(folder, name);
    const cover = coverNamed(name, await readFile(file));
    if (!cover) {
      result.left.push(name);
      continue;
    }
    await saveCover(db, cover);
    await unlink(file);
    result.moved += 1;
  }
  if (result.moved > 0) log.info({ covers: result.moved, folder }, "moved blog covers from the data folder into the database");
  if (result.left.length > 0) log.warn({ files: result.left, folder }, "files in the blog covers' folder that are not covers were left there");
  // Emptied, the folders are the earlier layout's only trace: gone with it (a folder still holding something stays).
  for (const emptied of [folder, path.dirname(folder)]) {
    try {
      await rmdir(emptied);
    } catch {
      break;
    }
  }
  return result;
}

function coverNamed(name: string, bytes: Buffer) {
  try {
    const cover = coverOf(bytes);
    return cover.name === name ? cover : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
