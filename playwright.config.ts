import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/** The system Chromium: Playwright's own browser download does not work everywhere, and we do not need it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium was not found at ${chromiumPath}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  );
}

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
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    // A trace records every action's snapshots, which cost a run about an eighth of its time (133 s against 151 s
    // on three specs): on a developer's machine a failure keeps one to open; in CI, whose files never leave its
    // machine, the failure's message and the page's screenshot at that moment are what is read.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
