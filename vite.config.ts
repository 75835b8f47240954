import { existsSync } from "node:fs";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { appFiles } from "./scripts/app-files.js";
import { flagAssets } from "./scripts/flag-assets.js";
import { inlineEarlyInput } from "./scripts/inline-early-input.js";

// The API server's port as it sees it: the environment, else .env (npm run dev runs both side by side).
// Node's loader, like the server's, keeps variables the environment already has.
const envFile = path.resolve(import.meta.dirname, ".env");
if (existsSync(envFile)) process.loadEnvFile(envFile);
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: path.resolve(import.meta.dirname, "src/web"),
  publicDir: path.resolve(import.meta.dirname, "src/web/public"),
  plugins: [tailwindcss(), flagAssets(), inlineEarlyInput(), appFiles()],
  oxc: { jsx: { runtime: "automatic", importSource: "react" } },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/web"),
    emptyOutDir: true,
    // Written for reading production stack traces, referenced by no file and never served (scripts/build.js moves them out).
    sourcemap: "hidden",
    // Read by scripts/first-load-budget.js (which files the first load of a page needs); never served (build.js moves it out).
    manifest: true,
    // Every browser the app supports but Safari 16 knows <link rel="modulepreload">; there the app's modules load as they
    // are imported, a little later. The polyfill would otherwise run on every page at load (decision 051).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      onwarn(warning, warn) {
        // Packages' "use client" lines mean nothing to a bundle.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            // What every page runs as it starts, in one file rather than a dozen: each file the app asks for
            // costs the browser a request and, in Vite's preload of the app's code, a <link> to insert.
            { name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|clsx|class-variance-authority)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // In development the API runs beside Vite (npm run dev) and is reached through this proxy.
    proxy: { "/api": { target: apiTarget, changeOrigin: false }, "/readyz": apiTarget, "/healthz": apiTarget },
    fs: { allow: [path.resolve(import.meta.dirname)] },
  },
});
