import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import type pg from "pg";
import { BackupRefusedError } from "./backup-files";

const run = promisify(execFile);

/**
 * pg_dump and pg_restore as the machine has them. A pg_dump older than the server refuses
 * to dump it, and a pg_restore older than the pg_dump that wrote an archive may not read
 * it: both are checked against the server's major version first, with a message that
 * says what to install.
 */
export type PgTool = "pg_dump" | "pg_restore" | "psql";

/** The tool's major version (15 for "pg_dump (PostgreSQL) 15.20"), or a refusal when it is missing. */
export async function toolMajorVersion(tool: PgTool, env: NodeJS.ProcessEnv): Promise<number> {
  let output: string;
  try {
    output = (await run(tool, ["--version"], { env })).stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new BackupRefusedError(`${tool} was not found on the PATH. Install PostgreSQL's client tools (e.g. apt-get install postgresql-client), at the server's version or newer.`);
    }
    throw error;
  }
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(output);
  if (!match) throw new BackupRefusedError(`Cannot tell ${tool}'s version from what it printed: ${output.trim()}`);
  return Number(match[1]);
}

/** The server's major version (15 for 15.20). */
export async function serverMajorVersion(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ version: string }>("select current_setting('server_version_num') as version");
  return Math.floor(Number(rows[0]?.version ?? 0) / 10_000);
}

/** Refuses a tool that is missing or older than the server. */
export async function requireTool(tool: PgTool, serverMajor: number, env: NodeJS.ProcessEnv): Promise<void> {
  const major = await toolMajorVersion(tool, env);
  if (major < serverMajor) {
    throw new BackupRefusedError(`${tool} is version ${major}, older than the server (PostgreSQL ${serverMajor}). Install PostgreSQL ${serverMajor}'s client tools (or newer) and try again.`);
  }
}

/**
 * How a tool reaches the database: the URL without its password, which goes in PGPASSWORD
 * instead, so it never shows in the list of processes.
 */
export function toolConnection(url: string, env: NodeJS.ProcessEnv): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { ...env, PGPASSWORD: password } : env };
}

/** Runs a tool to its end; a failure is an Error with what it printed. */
export async function runTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${tool} failed${stderr ? `: ${stderr}` : `: ${(error as Error).message}`}`, { cause: error });
  }
}

/**
 * Runs `pg_restore --file=-` (the dump as SQL) into psql inside one transaction that `prelude`
 * (SQL) opens the restore with. psql commits only when pg_restore has written the whole dump
 * and psql met no error: a dump that breaks off, or a statement that fails, ends the session
 * without COMMIT, and PostgreSQL rolls all of it back.
 */
export async function restoreInOneTransaction(file: string, prelude: string, dbname: string, env: NodeJS.ProcessEnv): Promise<void> {
  const reader = spawn("pg_restore", ["--no-owner", "--file=-", file], { env, stdio: ["ignore", "pipe", "pipe"] });
  const writer = spawn("psql", ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", `--dbname=${dbname}`], { env, stdio: ["pipe", "ignore", "pipe"] });
  const errors = { pg_restore: "", psql: "" };
  reader.stderr.on("data", (chunk: Buffer) => (errors.pg_restore += chunk.toString()));
  writer.stderr.on("data", (chunk: Buffer) => (errors.psql += chunk.toString()));
  // psql stopping at an error closes its input: what is still written has nowhere to go.
  writer.stdin.on("error", () => undefined);
  const exited = (child: typeof reader | typeof writer) => new Promise<number>((resolve, reject) => child.on("error", reject).on("close", (code) => resolve(code ?? 1)));
  const written = exited(writer);
  // Notices (each table a drop cascades to) would bury an error.
  writer.stdin.write(`BEGIN;\nSET client_min_messages = warning;\n${prelude}\n`);
  reader.stdout.pipe(writer.stdin, { end: false });
  const read = await exited(reader);
  writer.stdin.end(read === 0 ? "COMMIT;\n" : "");
  const wrote = await written;
  // A dump that broke off makes psql fail too: pg_restore's own error says why.
  if (read !== 0) throw new Error(`pg_restore failed: ${errors.pg_restore.trim() || `exit ${read}`}`);
  if (wrote !== 0) throw new Error(`psql failed: ${errors.psql.trim() || `exit ${wrote}`}`);
}
