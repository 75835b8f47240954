import { configDefaults, defineConfig } from "vitest/config";
import { flagAssets } from "./scripts/flag-assets.js";

/**
 * Web test files that need a module graph of their own (the rest share one per worker): they replace modules
 * (vi.mock, vi.resetModules), which a graph shared with other files would already hold, or they test or leave
 * behind state the app keeps for a page's life.
 */
const WEB_FILES_ISOLATED = [
  // Replace modules.
  "src/web/app/layouts/header/site-header.test.tsx",
  "src/web/app/layouts/site-footer.test.tsx",
  "src/web/app/strings-gate.test.tsx",
  "src/web/features/calls/call-section.test.tsx",
  "src/web/features/home/comparison-section.test.tsx",
  "src/web/features/support/support-page.test.tsx",
  "src/web/lib/auth/session-store.test.ts",
  "src/web/lib/i18n/i18n.test.ts",
  "src/web/lib/notify.test.tsx",
  // Test a page-long store from its start, or leave one behind: toasts, the session (better-auth's store), the
  // rates list, the languages loaded and the loads scheduled for later (i18n.ts).
  "src/web/app/toaster.test.tsx",
  "src/web/lib/auth/use-auth.test.tsx",
  "src/web/features/rates/countries-page.test.tsx",
  "src/web/app/locale-routing.test.tsx",
  "src/web/features/admin-users/admin-users-page.test.tsx",
  "src/web/lib/i18n/seed-locale.test.ts",
  "src/web/lib/i18n/use-strings.test.tsx",
];

const jsx = { oxc: { jsx: { runtime: "automatic" as const, importSource: "react" } } };
/** What both web projects run with: components in a browser-like document, English loaded as the app would have it. */
const webFiles = {
  environment: "happy-dom",
  // A script the app adds (Google Analytics' loader) is not fetched here: happy-dom then reports it loaded, as a
  // browser would once it arrived, instead of printing an error for every test that lets analytics start.
  environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
  setupFiles: ["src/test/fail-on-console-error.ts", "src/test/web-setup.ts", "src/web/test/load-english.ts"],
};

export default defineConfig({
  test: {
    // Four workers on two cores, each with its own fresh databases: many server tests spend their time
    // waiting (a crashed call's minute, a server's start, a webhook's retry), and two more workers keep the
    // cores busy meanwhile. The whole run on the 2-core machine: 318 s with two workers, 278 s with four
    // (the cores then 97% busy); more than four would only add module graphs to load.
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: "shared",
          include: ["src/shared/**/*.test.ts"],
          environment: "node",
          setupFiles: ["src/test/fail-on-console-error.ts"],
          // Property tests run thousands of parses; on a busy two-core machine they outlast 5 s.
          testTimeout: 30_000,
        },
      },
      {
        // The server's page-render test renders the web app's pages, which name their flags through virtual:flags.
        plugins: [flagAssets()],
        ...jsx,
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts", "scripts/**/*.test.ts"],
          // A `*.postgres.test.ts` file tests what only PostgreSQL does (several processes on one database,
          // terminated backends): part of a run that has one (TEST_DATABASE_URL), not of one without.
          exclude: process.env.TEST_DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, "**/*.postgres.test.ts"],
          environment: "node",
          // Migrates and seeds one database per run, which every test file copies (src/server/test/database-template.ts).
          globalSetup: ["src/server/test/global-setup.ts"],
          // The files of a worker share one module graph instead of importing the server afresh each: importing
          // was most of the project's time (153 s of 410 s on a sample of its files, 12 s without isolation).
          // Each file still has its own databases and servers; no server test mocks modules or stubs globals.
          isolate: false,
          setupFiles: ["src/test/fail-on-console-error.ts"],
          // PGlite boots a WASM Postgres per test file, and sign-ups hash passwords: slow but bounded.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [flagAssets()],
        ...jsx,
        test: {
          name: "web",
          include: ["src/web/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...WEB_FILES_ISOLATED],
          ...webFiles,
          // As the server's (decision 050): the files of a worker share one module graph and one document, which
          // web-setup.ts puts back as a page's start after each file. Importing and setting up were most of the project's time.
          isolate: false,
        },
      },
      {
        plugins: [flagAssets()],
        ...jsx,
        test: {
          name: "web-isolated",
          include: WEB_FILES_ISOLATED,
          ...webFiles,
        },
      },
    ],
  },
});
