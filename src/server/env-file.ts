import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

/**
 * Reads `.env` (KEY=value lines, as in .env.example) from the working folder, the
 * project root under npm, into the environment. A variable the environment already
 * has, even set to nothing, keeps its value: the shell and the process manager win
 * over the file. Returns the file read, or null when there is none.
 */
export function loadEnvFile(file: string = path.resolve(".env"), env: NodeJS.ProcessEnv = process.env): string | null {
  if (!existsSync(file)) return null;
  const values = parseEnv(readFileSync(file, "utf8"));
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && env[name] === undefined) env[name] = value;
  }
  return file;
}
