import { createServer, type Server, type ServerOptions } from "../app";
import { loadConfig, type Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import { openTestDatabase, type Engine } from "./engines";

export interface TestServer extends Server {
  config: Config;
}

/** A whole server on a fresh database, called in process with app.inject(). */
export async function startTestServer(engine: Engine, env: Record<string, string> = {}, options: ServerOptions = {}): Promise<TestServer> {
  const database = await openTestDatabase(engine);
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
    ...env,
  });
  const server = await createServer(config, { database, webRoot: false, logger: false, ...options });
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
