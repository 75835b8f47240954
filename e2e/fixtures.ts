import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base } from "@playwright/test";
import { startProcess } from "../scripts/server-process";

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** Everything the server printed, for tests that read the mail outbox from the log. */
  output: () => string;
}

/** The server as `npm start` runs it: the bundle the build writes (global-setup.ts builds it when stale). */
export const BUILT_SERVER = path.resolve(import.meta.dirname, "../dist/server/main.js");

/** The real server (built server and web app, embedded database, local providers) on a free port with a throw-away data folder. */
export const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature.
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-e2e-"));
      const server = await startProcess(BUILT_SERVER, { DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" }, "/readyz");
      await use({ baseURL: server.url, dataDir, output: server.output });
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
});

export { expect } from "@playwright/test";
