import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { createServer, type Server, type ServerOptions } from "../app";
import { loadConfig, type Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import { openTestDatabase, type Engine } from "./engines";
import { fastTestPasswordHasher } from "./fast-password-hash";

/** A data folder no test makes: a server given no DATA_DIR finds nothing of an earlier version there. */
const UNUSED_DATA_DIR = path.join(tmpdir(), `dialwise-test-no-data-${process.pid}`);

export interface TestServer extends Server {
  config: Config;
}

/** A whole server on a fresh database, called in process with app.inject(). */
export async function startTestServer(engine: Engine, env: Record<string, string> = {}, options: ServerOptions = {}): Promise<TestServer> {
  const database = await openTestDatabase(engine, "prepared");
  return startTestServerOn(database, () => database.destroy(), env, options);
}

/**
 * A whole server on a database the test opened (a second instance on the same
 * database, or one whose LISTEN the test controls); `release` runs after it closes.
 */
export async function startTestServerOn(
  database: DatabaseHandle,
  release: () => Promise<void>,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    PUBLIC_URL: "http://localhost:3000",
    RATE_LIMIT_PER_MINUTE: "1000",
    PAGE_RATE_LIMIT_PER_MINUTE: "1000",
    // Never the project's own var/: a server moves the blog covers it finds in its data folder into its database.
    DATA_DIR: UNUSED_DATA_DIR,
    ...env,
  });
  // Tests write live calls by hand (old ones too) and check them at once: the watch over live calls would
  // race them, so it runs only where a test asks for it (callWatch: true) and in real server processes.
  // Passwords are hashed cheaply unless a test asks for the real scrypt (`passwordHasher: undefined`).
  const server = await createServer(config, { database, webRoot: false, logger: false, callWatch: false, passwordHasher: fastTestPasswordHasher, ...options });
  sendFromOurPages(server.app, config.publicUrl);
  return {
    ...server,
    config,
    async close() {
      await server.carrier.close?.();
      await server.app.close();
      await server.jobs.stop();
      await server.bus.close();
      await release();
    },
  };
}

const BROWSER_ORIGIN_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Requests a test injects come from our own pages: a write carries our Origin, as
 * the browser sends it. A test that plays another site sets its own Origin or
 * Referer, or sends neither over a socket (raw-http.ts).
 */
function sendFromOurPages(app: FastifyInstance, origin: string): void {
  const inject = app.inject.bind(app) as (options?: InjectOptions | string) => unknown;
  const fromOurPage = (options: InjectOptions): InjectOptions => {
    const headers = options.headers ?? {};
    const named = Object.keys(headers).map((name) => name.toLowerCase());
    if (!BROWSER_ORIGIN_METHODS.has((options.method ?? "GET").toUpperCase()) || named.includes("origin") || named.includes("referer")) return options;
    return { ...options, headers: { ...headers, origin } };
  };
  Object.assign(app, { inject: (options?: InjectOptions | string) => inject(typeof options === "object" ? fromOurPage(options) : options) });
}
