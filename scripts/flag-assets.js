// @ts-check
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Country flags as static SVG files (country-flag-icons, 3x2), not as JavaScript:
 * the build copies each country's file to /assets/flags-<digest>/<CODE>.svg, a
 * path that changes whenever any flag does and so is served as immutable, and the
 * app refers to them by URL through the module `virtual:flags` (the folder and the
 * codes that have a flag). Emoji flags show as two letters on Windows; a bundled
 * component per country would put hundreds of SVGs in the JavaScript.
 * Plain JavaScript, like build.js, so Vite's and Vitest's configs load it as it is.
 */
export const FLAGS_MODULE = "virtual:flags";
const RESOLVED_ID = `\0${FLAGS_MODULE}`;

/** The package's 3x2 folder; its package.json exports no path to it, so found from the package's entry. */
export function flagFolder() {
  const entry = createRequire(import.meta.url).resolve("country-flag-icons");
  return path.join(path.dirname(entry), "3x2");
}

/**
 * @typedef {object} FlagSet
 * @property {string} base URL folder of the files, with a trailing slash
 * @property {Map<string, Buffer>} files upper-case ISO 3166-1 alpha-2 code → the SVG
 */

/**
 * Every two-letter flag of the package (the subdivision flags, "GB-SCT", are not countries we list).
 * @param {string} [folder]
 * @returns {FlagSet}
 */
export function readFlagSet(folder = flagFolder()) {
  /** @type {Map<string, Buffer>} */
  const files = new Map();
  for (const name of readdirSync(folder).sort()) {
    if (/^[A-Z]{2}\.svg$/.test(name)) files.set(name.slice(0, 2), readFileSync(path.join(folder, name)));
  }
  const digest = createHash("sha256");
  for (const [code, body] of files) digest.update(code).update(body);
  return { base: `/assets/flags-${digest.digest("hex").slice(0, 10)}/`, files };
}

/** @returns {import("vite").Plugin} */
export function flagAssets() {
  /** @type {FlagSet | undefined} */
  let flags;
  const flagSet = () => (flags ??= readFlagSet());
  return {
    name: "dialwise-flag-assets",
    resolveId(id) {
      return id === FLAGS_MODULE ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { base, files } = flagSet();
      // A space-separated string is the smallest way to ship ~250 codes.
      return `export const FLAG_BASE = ${JSON.stringify(base)};\nexport const FLAG_CODES = new Set(${JSON.stringify([...files.keys()].join(" "))}.split(" "));\n`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const { base, files } = flagSet();
        const url = request.url ?? "";
        const body = url.startsWith(base) ? files.get(url.slice(base.length).replace(/\.svg$/, "")) : undefined;
        if (body === undefined) return next();
        response.setHeader("content-type", "image/svg+xml");
        response.end(body);
      });
    },
    generateBundle() {
      // The browser build copies the files; a server-side build refers to the same URLs.
      if (this.environment.config.consumer !== "client") return;
      const { base, files } = flagSet();
      for (const [code, body] of files) this.emitFile({ type: "asset", fileName: `${base.slice(1)}${code}.svg`, source: body });
    },
  };
}
