import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The app is written against React's API and runs on Preact's compatibility layer
 * (decision 019): every import of React, wherever it comes from (our code, react-router,
 * TanStack Query, Radix, react-i18next), resolves to preact/compat. Shared by the build
 * (vite.config.ts) and the tests (vitest.config.ts), so both run what ships.
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react$/, replacement: "preact/compat" },
];

/**
 * Packages that import React: run through Vite's resolver (not Node's) in tests and in the
 * server render build, so they meet the aliases above. A name ending in "/" stands for every
 * package of that scope.
 */
const REACT_PACKAGE_LIST = [
  "preact",
  "preact-render-to-string",
  "react-router",
  "@tanstack/react-query",
  "@tanstack/react-store",
  "@tanstack/react-table",
  "react-i18next",
  "react-hook-form",
  "@hookform/resolvers",
  "radix-ui",
  "@radix-ui/",
  "cmdk",
  "sonner",
  "lucide-react",
  "react-markdown",
  "react-remove-scroll",
  "react-remove-scroll-bar",
  "react-style-singleton",
  "use-callback-ref",
  "use-sidecar",
  "@floating-ui/react-dom",
  "better-auth",
  "@testing-library/dom",
  "@testing-library/preact",
  "@testing-library/react",
];

/** @param {string} text */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The packages as Vite's ssr.noExternal takes them. */
export const REACT_PACKAGE_NAMES = REACT_PACKAGE_LIST.map((name) => (name.endsWith("/") ? new RegExp(`^${escape(name)}`) : name));

/** A path separator, either way, and a path segment. */
const SEP = String.raw`[\\/]`;
const SEGMENT = String.raw`[^\\/]+`;

/** The same packages as a path pattern, for Vitest's server.deps.inline. */
export const REACT_PACKAGES = new RegExp(
  `${SEP}node_modules${SEP}(?:${REACT_PACKAGE_LIST.map((name) => (name.endsWith("/") ? `${escape(name.slice(0, -1))}${SEP}${SEGMENT}` : escape(name).replace("/", SEP))).join("|")})${SEP}`,
);

const SHIM = "\0use-sync-external-store-shim";
const WITH_SELECTOR = "\0use-sync-external-store-with-selector";
const require = createRequire(import.meta.url);

/**
 * use-sync-external-store is CommonJS that requires "react" at run time, out of reach of
 * the aliases in Node (tests, server render): it would load React itself beside Preact.
 * Its shim is Preact's own useSyncExternalStore; its selector variant is its production
 * file run as a module whose `require` hands it preact/compat.
 * @returns {import("vite").Plugin}
 */
export function useSyncExternalStoreAsModules() {
  return {
    name: "use-sync-external-store-as-modules",
    enforce: "pre",
    /** @param {string} source */
    resolveId(source) {
      if (source === "use-sync-external-store/shim" || source === "use-sync-external-store/shim/index.js") return SHIM;
      if (source === "use-sync-external-store/shim/with-selector" || source === "use-sync-external-store/shim/with-selector.js") return WITH_SELECTOR;
      return null;
    },
    /** @param {string} id */
    load(id) {
      if (id === SHIM) return 'export { useSyncExternalStore } from "preact/compat";';
      if (id !== WITH_SELECTOR) return null;
      // Not among the package's exports: found beside its package.json.
      const file = path.join(path.dirname(require.resolve("use-sync-external-store/package.json")), "cjs/use-sync-external-store-shim/with-selector.production.js");
      return [
        'import * as compat from "preact/compat";',
        "const module = { exports: {} };",
        "const exports = module.exports;",
        "const require = () => compat;",
        readFileSync(file, "utf8"),
        "export const useSyncExternalStoreWithSelector = module.exports.useSyncExternalStoreWithSelector;",
      ].join("\n");
    },
  };
}

/** Packages that, resolved under Node's "node" condition or their "main", load as CommonJS that requires "react" itself. */
const COMMONJS_UNDER_NODE = ["react-router", "lucide-react", "react-remove-scroll", "react-remove-scroll-bar", "react-style-singleton", "use-callback-ref", "use-sidecar"];

/**
 * Tests run the server's page render in Node, where some React packages resolve to their
 * CommonJS build, out of reach of the aliases. This resolves them (and their subpaths) to the
 * ES module build their package.json names, as the render build does.
 * @returns {import("vite").Plugin}
 */
export function esModuleBuildsInNode() {
  const root = path.dirname(path.dirname(require.resolve("preact/package.json")));
  return {
    name: "es-module-builds-in-node",
    enforce: "pre",
    /** @param {string} source */
    resolveId(source) {
      const name = COMMONJS_UNDER_NODE.find((candidate) => source === candidate || source.startsWith(`${candidate}/`));
      if (!name) return null;
      const folder = path.join(root, source);
      /** @type {{ module?: string, exports?: Record<string, any> }} */
      const manifest = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8"));
      const main = manifest.exports?.["."];
      const file = (typeof main === "object" && (main.node?.module ?? main.module)) || manifest.module;
      return file ? path.join(folder, file) : null;
    },
  };
}
