// @ts-check
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/**
 * The first-load JavaScript budget (decision 017): what a visitor's browser must
 * fetch before /en works, gzipped. The build fails above the budget (scripts/build.js),
 * and so does `npm test` (the browser tests' global setup). The goal is 150 KiB; the
 * first load measured 337.7 KiB when this check came in, so the budget is a ceiling
 * just above the last measurement, which stops growth, and comes down with each cut
 * (329.4 KiB once the CSV code left the home page; 160.3 KiB on a compatibility layer in place of react-dom, decision 019; 132.1 KiB once zod left
 * it, decision 020; 193.1 KiB back on React itself, decision 034; 185.1 KiB once the FAQ's accordion became its own chunk; 186.5 KiB with the call section's contacts button and the header's support badge,
 * the budget raised to 187 KiB for them; 187.1 KiB once the router's table named the back office's users and
 * translations pages, the budget raised to 188 KiB; 182.2 KiB with the app's own class merging in place of tailwind-merge;
 * 165.9 KiB with the app's own translator in place of i18next, decision 048; 166.0 KiB, 17 bytes under, once each island
 * marked its content committed for the early-input replay, decision 053).
 *
 * "What /en needs" is read from the build, not guessed: Vite's manifest gives the
 * entry (index.html), the app it imports at once and the home page's lazy chunk, each with its static imports,
 * which the browser must all fetch before the page runs; the modulepreload links and
 * the module script in index.html are counted too, whatever the manifest says.
 */
export const FIRST_LOAD_BUDGET_BYTES = 166 * 1024;
/** Where the budget is headed (decision 017). */
export const FIRST_LOAD_GOAL_BYTES = 150 * 1024;
/**
 * The manifest's keys of what the first load of a language home runs: the entry, the app
 * it imports as soon as the page has painted (src/web/boot.ts), and the home page.
 */
export const HOME_FIRST_LOAD = ["index.html", "main.tsx", "app/routes/home-page.tsx"];
/**
 * Packages the first load must not hold, whatever its size: zod and the API's schemas (decision 020),
 * and recharts, which only the admin dashboard's charts load (decision 038).
 * The browser calls the first screens' endpoints by route (src/shared/api/routes.ts) and the server checks what goes in and out.
 */
export const KEPT_OUT_OF_FIRST_LOAD = ["zod", "recharts"];
/** Where the build leaves the source maps (moved out of the served folder by build.js). */
export const SOURCE_MAPS_DIR = path.join("dist", "web-sourcemaps");
/** Where the build leaves the manifest: beside the web app, never served (moved there by moveManifest). */
export const MANIFEST_FILE = path.join("dist", "web-manifest.json");

/**
 * @typedef {{ file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {{ file: string; bytes: number; gzipBytes: number }} LoadedFile
 */

/**
 * The JavaScript files of `keys` and of everything they import statically, each once.
 * Dynamic imports are left out: they load later, when the code asks for them.
 * @param {Manifest} manifest
 * @param {string[]} keys
 * @returns {string[]} files relative to the web root, in the order first reached
 */
export function staticClosure(manifest, keys) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {string[]} */
  const files = [];
  /** @param {string} key */
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`The build's manifest has no entry ${key}`);
    if (chunk.file.endsWith(".js")) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * The scripts index.html makes the browser fetch at once: its module script and modulepreload links.
 * @param {string} html
 * @returns {string[]}
 */
export function scriptsOfHtml(html) {
  /** @type {string[]} */
  const files = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith("<script") && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith("<link") && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && url !== undefined) files.push(url);
  }
  return files;
}

/**
 * Each JavaScript file the first load of /en needs, with its size and its size gzipped
 * at the level the build's .gz copies use (what the server sends a gzip-only browser).
 * @param {string} webRoot the built web app (dist/web)
 * @param {Manifest} manifest
 * @returns {{ files: LoadedFile[]; gzipBytes: number }}
 */
export function measureFirstLoad(webRoot, manifest) {
  const html = readFileSync(path.join(webRoot, "index.html"), "utf8");
  const names = [...new Set([...staticClosure(manifest, HOME_FIRST_LOAD), ...scriptsOfHtml(html)])];
  const files = names.map((file) => {
    const body = readFileSync(path.join(webRoot, file));
    return { file, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
  });
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

/**
 * Takes Vite's manifest out of the served folder (it lists every chunk, and the server
 * has no use for it) and checks the budget against it: build.js calls this after the web build.
 * @param {string} root the project root
 */
export function moveManifestAndCheckBudget(root) {
  const built = path.join(root, "dist", "web", ".vite");
  renameSync(path.join(built, "manifest.json"), path.join(root, MANIFEST_FILE));
  rmSync(built, { recursive: true, force: true });
  return assertFirstLoadBudget(root);
}

/** @param {number} bytes */
export function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/**
 * Throws, naming the largest files, when the first load is over the budget, and when it holds a package kept out of it.
 * @param {string} root the project root
 * @returns {{ files: LoadedFile[]; gzipBytes: number }}
 */
export function assertFirstLoadBudget(root) {
  const manifestPath = path.join(root, MANIFEST_FILE);
  if (!existsSync(manifestPath)) throw new Error(`${MANIFEST_FILE} is missing: build the web app first (node scripts/build.js web).`);
  const measured = measureFirstLoad(path.join(root, "dist", "web"), JSON.parse(readFileSync(manifestPath, "utf8")));
  if (measured.gzipBytes > FIRST_LOAD_BUDGET_BYTES) {
    const largest = [...measured.files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5);
    throw new Error(
      `The first load of /en needs ${kib(measured.gzipBytes)} of gzipped JavaScript, over the budget of ${kib(FIRST_LOAD_BUDGET_BYTES)} ` +
        `(docs/decisions/017-first-load-budget.md). Largest: ${largest.map((file) => `${file.file} ${kib(file.gzipBytes)}`).join(", ")}. ` +
        "Move what the home page does not need at once behind a dynamic import.",
    );
  }
  assertKeptOutOfFirstLoad(root, measured.files);
  return measured;
}

/**
 * The npm packages whose code the given built files hold, read from each file's source map.
 * @param {string} mapsRoot the folder of source maps, laid out as the web root
 * @param {string[]} files files relative to the web root
 * @returns {Map<string, string>} each package with the first file that holds it
 */
export function packagesInFiles(mapsRoot, files) {
  /** @type {Map<string, string>} */
  const packages = new Map();
  for (const file of files) {
    const mapFile = path.join(mapsRoot, `${file}.map`);
    // The bundler's own module runtime is generated code with no sources, hence no map.
    if (!existsSync(mapFile) && /(^|\/)rolldown-runtime-[\w-]+\.js$/.test(file)) continue;
    if (!existsSync(mapFile)) throw new Error(`${file} has no source map in ${mapsRoot}: the first-load check cannot tell what it holds.`);
    const { sources } = /** @type {{ sources: string[] }} */ (JSON.parse(readFileSync(mapFile, "utf8")));
    for (const source of sources) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
      if (name !== undefined && !packages.has(name)) packages.set(name, file);
    }
  }
  return packages;
}

/**
 * Throws when the first load holds a package it must not (KEPT_OUT_OF_FIRST_LOAD).
 * @param {string} root the project root
 * @param {LoadedFile[]} files the first load's files
 */
export function assertKeptOutOfFirstLoad(root, files) {
  const packages = packagesInFiles(path.join(root, SOURCE_MAPS_DIR), files.map((file) => file.file));
  for (const name of KEPT_OUT_OF_FIRST_LOAD) {
    const file = packages.get(name);
    if (file !== undefined) {
      throw new Error(
        `The first load of /en holds ${name} (in ${file}), which it must not: ` +
          (name === "recharts"
            ? "only the admin dashboard's charts chunk may import it (docs/decisions/038-back-office-dashboard.md)."
            : "call the endpoint by its route (src/shared/api/routes.ts) and import the endpoint's types with `import type` (docs/decisions/020-no-zod-in-the-first-load.md)."),
      );
    }
  }
}

// `node scripts/first-load-budget.js`: the breakdown of the last build, largest first.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(import.meta.dirname, "..");
  const manifest = JSON.parse(readFileSync(path.join(root, MANIFEST_FILE), "utf8"));
  const measured = measureFirstLoad(path.join(root, "dist", "web"), manifest);
  for (const file of [...measured.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`${kib(file.gzipBytes).padStart(10)} gz ${kib(file.bytes).padStart(10)}  ${file.file}`);
  }
  console.log(`${kib(measured.gzipBytes).padStart(10)} gz in ${measured.files.length} files; budget ${kib(FIRST_LOAD_BUDGET_BYTES)}, goal ${kib(FIRST_LOAD_GOAL_BYTES)}`);
  assertFirstLoadBudget(root);
}
