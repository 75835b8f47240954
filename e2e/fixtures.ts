import { rmSync } from "node:fs";
import path from "node:path";
import { test as base, type Browser, type BrowserContext, type Page, type Response } from "@playwright/test";
import { startProcess } from "../scripts/server-process";
import { newDataFolder } from "./support/data-folder";

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** Everything the server printed, for tests that read the mail outbox from the log. */
  output: () => string;
}

/**
 * What a test's own server runs with: a throw-away data folder on the embedded database, quiet logs,
 * an API limit for a whole suite rather than a person: every page and request of the specs comes
 * from one address, faster than anyone clicks (the limit itself is tested in src/server/http/rate-limit.test.ts),
 * and a local carrier whose clock a call flow moves forward instead of waiting out a billed minute
 * (support/call-clock.ts; decision 049).
 */
export function testServerEnv(dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "", RATE_LIMIT_PER_MINUTE: "3000", LOCAL_CARRIER_CLOCK: "adjustable" };
}

/** The server as `npm start` runs it: the bundle the build writes (global-setup.ts builds it when stale). */
export const BUILT_SERVER = path.resolve(import.meta.dirname, "../dist/server/main.js");

/**
 * A public page arrives rendered by the server and shows before its scripts run; until the
 * app takes it over (`<html data-app-ready>`, src/web/main.tsx) a click is held and replayed
 * (decision 035). A page rendered for a visitor starts its app at their first use (decision 051):
 * the pointer moves over it, as a person's does as they look, and the test waits for the app.
 */
export async function appRunning(page: Page): Promise<void> {
  const waitsForUse = await page.locator('#root[data-app-start="first-use"]').count();
  if (waitsForUse > 0) {
    // Two moves, so the pointer moves even when it rests on the first point already.
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
  }
  await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
}

/** Contexts whose pages run no scripts: nothing there takes a page over. */
const scriptless = new WeakSet<BrowserContext>();

function waitForAppOnNavigation(page: Page): Page {
  if ((page as { appReadyWait?: boolean }).appReadyWait) return page;
  Object.assign(page, { appReadyWait: true });
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await original(...args);
        if (!scriptless.has(page.context()) && (response?.headers()["content-type"] ?? "").startsWith("text/html")) await appRunning(page);
        return response;
      },
    });
  }
  return page;
}

function waitForAppInContext(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context);
  return Object.assign(context, { newPage: async () => waitForAppOnNavigation(await newPage()) });
}

/**
 * Every page, context and browser a test gets waits for the app to take a page over after a
 * navigation. Specs that start their own server (a funded one, a production one) use this; the
 * rest use `test`, which adds the shared server. Specs never import `test` from
 * @playwright/test, which would skip the wait (lint: eslint.config.js).
 */
export const testWithOwnServer = base.extend<object>({
  page: async ({ page }, use) => use(waitForAppOnNavigation(page)),
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) scriptless.add(context);
    await use(waitForAppInContext(context));
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      await use(
        Object.assign(browser, {
          newContext: async (...args: Parameters<Browser["newContext"]>) => {
            const context = await newContext(...args);
            if (args[0]?.javaScriptEnabled === false) scriptless.add(context);
            return waitForAppInContext(context);
          },
        }),
      );
    },
    { scope: "worker" },
  ],
});

/** The real server (built server and web app, embedded database, local providers) on a free port with a throw-away copy of the prepared data folder. */
export const test = testWithOwnServer.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature.
    async ({}, use) => {
      const dataDir = newDataFolder("shared");
      const server = await startProcess(BUILT_SERVER, testServerEnv(dataDir), "/readyz");
      await use({ baseURL: server.url, dataDir, output: server.output });
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
});

export { expect } from "@playwright/test";
