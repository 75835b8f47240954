import { defineConfig } from "vitest/config";
import { flagAssets } from "./scripts/flag-assets.js";
import { esModuleBuildsInNode, PREACT_ALIASES, REACT_PACKAGES, useSyncExternalStoreAsModules } from "./scripts/preact-aliases.js";

/** Tests run the app on Preact as the build does (decision 019): the packages that import React go through Vite's resolver to meet the aliases. */
const preact = {
  resolve: { alias: PREACT_ALIASES },
  oxc: { jsx: { runtime: "automatic" as const, importSource: "react" } },
};

export default defineConfig({
  test: {
    // Two cores: two workers, each with its own fresh databases.
    maxWorkers: 2,
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
        plugins: [flagAssets(), useSyncExternalStoreAsModules(), esModuleBuildsInNode()],
        ...preact,
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          setupFiles: ["src/test/fail-on-console-error.ts"],
          server: { deps: { inline: [REACT_PACKAGES] } },
          // PGlite boots a WASM Postgres per test file, and sign-ups hash passwords: slow but bounded.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [flagAssets(), useSyncExternalStoreAsModules()],
        ...preact,
        resolve: {
          // Testing Library's React renderer drives React's own internals; its Preact twin has the same API.
          alias: [...PREACT_ALIASES, { find: /^@testing-library\/react$/, replacement: "@testing-library/preact" }],
          conditions: ["module", "browser", "development|production"],
        },
        test: {
          name: "web",
          include: ["src/web/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          server: { deps: { inline: [REACT_PACKAGES] } },
          setupFiles: ["src/test/fail-on-console-error.ts", "src/test/web-setup.ts", "src/web/test/load-english.ts"],
        },
      },
    ],
  },
});
