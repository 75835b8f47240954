import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * The system's Chromium, from Debian's packages (Playwright's own browser download does not work everywhere, and we do
 * not need it), in two builds of the same release (decision 053):
 * - its headless build (`chromium-headless-shell`), which most specs drive: the same engine without the desktop
 *   browser around it, it loads a page for half the CPU, and the browser tests are most of what CI's two cores do;
 * - the whole browser (`chromium`), for the specs about what a browser does on its own before a person acts: the
 *   headless build moves a pointer over every page it loads (at 0,0), which a visitor's page takes as its first use.
 * CHROMIUM_PATH names one binary for both.
 */
export const fullChromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const headlessShellPath = "/usr/bin/chromium-headless-shell";
export const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShellPath) ? headlessShellPath : fullChromiumPath);
for (const binary of new Set([chromiumPath, fullChromiumPath])) {
  if (!existsSync(binary)) {
    throw new Error(
      `Chromium was not found at ${binary}. Install it (Debian: apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
}
/** What the specs' browser is started with; the whole browser (app-start.spec.ts) too, and with a fake microphone the call specs (MICROPHONE_LAUNCH, e2e/support/funded-server.ts). */
export const BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  // Files run side by side (each worker has its own server); the tests of one file run in order.
  // The call flows spend minutes talking, so two workers halve the wall time on two cores.
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // A test (or a file's server start) may take a minute and a half: the longer flows, with the other worker
  // running a call beside them on two cores, came within seconds of a minute once React took the pages over.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Every test's line with its duration, in CI too: where the time goes is read from it.
  reporter: "list",
  use: {
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: chromiumPath,
      args: BROWSER_ARGS,
    },
    // A trace records every action's snapshots, which cost a run about an eighth of its time (133 s against 151 s
    // on three specs): on a developer's machine a failure keeps one to open; in CI, whose files never leave its
    // machine, the failure's message and the page's screenshot at that moment are what is read.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
