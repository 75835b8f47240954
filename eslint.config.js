import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { featureBoundaries } from "./eslint-rules/feature-boundaries.js";

/** The direction of imports: shared is pure, web never reaches into the server and vice versa. */
const restrict = (groups, message) => ["error", { patterns: groups.map((group) => ({ group: [group], message })) }];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "data/**", "bench/results/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // scripts/*.js run on a production install, where tsx is absent: plain JavaScript, type-checked (checkJs).
    files: ["**/*.{ts,tsx}", "scripts/**/*.js"],
    languageOptions: {
      parserOptions: { project: ["./tsconfig.server.json", "./tsconfig.web.json"], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // A spec's pages must wait for the app to take them over (e2e/fixtures.ts): Playwright's own `test` does not.
    files: ["e2e/**/*.ts"],
    ignores: ["e2e/fixtures.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message: "Import test (or testWithOwnServer) from e2e/fixtures.ts: its pages wait for the app to take them over.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    ignores: ["src/shared/**/*.test.ts"],
    rules: {
      "no-restricted-imports": restrict(["**/server/**", "**/web/**", "node:*"], "src/shared is isomorphic: no server, web or Node imports."),
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["src/web/ssr/render-page.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**", "node:*"], message: "The web app talks to the server over HTTP only." },
            // Its metadata is the largest part of the site's code: only the modules fetched when a number needs reading import it.
            { group: ["libphonenumber-js", "libphonenumber-js/*"], message: "Read numbers through calls/load-number-reader.ts or lib/phone-format.ts; country data is in shared/countries." },
          ],
          paths: [
            {
              name: "react",
              importNames: ["Suspense"],
              message: "Use CommittedBoundary (lib/committed-boundary.tsx): what acts on a part before the person's own events (the early-input replay) waits until its boundary says it is committed.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/web/lib/committed-boundary.tsx"],
    rules: { "no-restricted-imports": restrict(["**/server/**", "node:*"], "The web app talks to the server over HTTP only.") },
  },
  {
    files: ["src/web/features/calls/number-reader.ts", "src/web/lib/phone-format.ts", "src/web/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": restrict(["**/server/**", "node:*"], "The web app talks to the server over HTTP only.") },
  },
  {
    // The server-side render module runs in Node (dist/ssr), yet still reaches the server only through the API.
    files: ["src/web/ssr/render-page.tsx"],
    rules: { "no-restricted-imports": restrict(["**/server/**"], "The render module reaches the server through the API only.") },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: { "no-restricted-imports": restrict(["**/web/**"], "The server does not import web code.") },
  },
  {
    // Bulletproof-react's layering: a feature never reaches into another (eslint-rules/feature-boundaries.js).
    files: ["src/web/features/**/*.{ts,tsx}"],
    plugins: { dialwise: { rules: { "feature-boundaries": featureBoundaries } } },
    rules: { "dialwise/feature-boundaries": "error" },
  },
  {
    files: ["src/web/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ignores: ["scripts/**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // TypeScript checks names in these (checkJs); ESLint would not know Node's globals.
    files: ["scripts/**/*.js"],
    rules: { "no-undef": "off" },
  },
);
