import { existsSync } from "node:fs";
import path from "node:path";
import type { DatabaseOptions } from "./client";

/**
 * How start-up names opening the database: creating the embedded one (its first
 * start, the slow one: PostgreSQL's initdb in WASM, then every migration) reads
 * differently from opening it again or connecting to a server.
 */
export function openingStep(options: DatabaseOptions): string {
  if ("databaseUrl" in options) return "Connecting to PostgreSQL and applying migrations";
  if ("inMemory" in options) return "Creating an in-memory database";
  const folder = path.join(options.dataDir, "db");
  const shown = path.relative(process.cwd(), folder).startsWith("..") ? folder : path.relative(process.cwd(), folder);
  // PostgreSQL writes PG_VERSION into a data folder when it creates it.
  return existsSync(path.join(folder, "PG_VERSION")) ? `Opening the embedded database at ${shown}` : `Creating the embedded database at ${shown}`;
}
