// @ts-check
import path from "node:path";
import { build } from "esbuild";

const ENTRY = path.resolve(import.meta.dirname, "../src/web/early-input/inline-entry.ts");

/**
 * Writes the early-input capture (src/web/early-input, decision 035) inline at the top of
 * index.html's head: it must run before a person can touch the page, so it cannot wait for
 * a request. The server allows exactly this script by its hash in the page's content
 * security policy (src/server/http/inline-scripts.ts reads it from the built index.html).
 * @returns {import("vite").Plugin}
 */
export function inlineEarlyInput() {
  return {
    name: "inline-early-input",
    async transformIndexHtml() {
      const result = await build({ entryPoints: [ENTRY], bundle: true, minify: true, format: "iife", target: "es2020", write: false, logLevel: "warning" });
      const code = result.outputFiles[0]?.text.trim() ?? "";
      return [{ tag: "script", children: code, injectTo: "head-prepend" }];
    },
  };
}
