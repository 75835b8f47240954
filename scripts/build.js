// @ts-check
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { moveManifestAndCheckBudget } from "./first-load-budget.js";

/**
 * Builds what `npm start` runs: the web app (Vite, into dist/web) and the server
 * with its maintenance scripts (esbuild, into dist/server). Plain JavaScript, so it
 * runs on a production install (`npm ci --omit=dev`), where tsx is absent.
 *
 *   node scripts/build.js               builds both
 *   node scripts/build.js server        builds one (web or server)
 *   node scripts/build.js --if-stale    builds only what is missing or older than its sources
 *
 * A build records a digest of its inputs in dist/.build/<target>.json; "stale"
 * means the digest of the inputs today differs, so a pulled commit, an edited
 * file or a new lock file all rebuild, and an unchanged tree starts at once.
 */
export const ROOT = path.resolve(import.meta.dirname, "..");
const STAMPS = path.join(ROOT, "dist", ".build");

/**
 * @typedef {object} Target
 * @property {string[]} inputs files and folders (relative to the project root) the build reads
 * @property {string} output a file the build writes, relative to the project root
 * @property {() => Promise<void>} build
 */

/** @typedef {"web" | "server"} TargetName */

/** Modules whose own imports are followed; anything else imported (JSON, CSS) is an input as it is. */
const MODULE_FILE = /\.[cm]?[jt]s$/;
/**
 * The specifiers of `from "./…"`, `import "./…"` and `import("./…")`: imports and re-exports by relative path.
 * Packages are left out (the lock file stands for them). A match inside a comment only adds an input, never loses one.
 */
const RELATIVE_IMPORT = /\b(?:from|import)\s*\(?\s*["'](\.\.?\/[^"']+)["']/g;

/**
 * A module and every project file it imports by relative path, transitively, relative to
 * the root with "/" separators, the module first. A TypeScript import names the `.js`
 * its `.ts` compiles to, so `./x.js` is `./x.ts` when only that exists.
 * @param {string} entry relative to the root
 * @param {string} [root]
 * @returns {string[]}
 */
export function localModuleGraph(entry, root = ROOT) {
  /** @type {Set<string>} */
  const found = new Set();
  /** @param {string} file */
  const visit = (file) => {
    found.add(file);
    if (!MODULE_FILE.test(file)) return;
    for (const [, specifier = ""] of readFileSync(path.join(root, file), "utf8").matchAll(RELATIVE_IMPORT)) {
      const imported = existingFile(root, path.posix.join(path.posix.dirname(file), specifier));
      if (imported && !found.has(imported)) visit(imported);
    }
  };
  const start = existingFile(root, entry);
  if (start) visit(start);
  return [...found];
}

/**
 * The file a relative specifier names: as written, its TypeScript source, or without an extension.
 * @param {string} root
 * @param {string} file
 */
function existingFile(root, file) {
  const candidates = [file, file.replace(/\.([cm]?)js$/, ".$1ts"), `${file}.ts`, `${file}.js`];
  return candidates.find((candidate) => existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile());
}

/** @type {Record<TargetName, Target>} */
export const TARGETS = {
  web: {
    // The configuration with the project files it imports, found from its imports so a helper it starts to import counts at once.
    inputs: ["src/web", "src/shared", "data/translations/en", ...localModuleGraph("vite.config.ts"), "scripts/first-load-budget.js", "tsconfig.base.json", "tsconfig.web.json", "package-lock.json", "scripts/build.js"],
    output: "dist/web/index.html",
    build: buildWeb,
  },
  server: {
    inputs: ["src/server", "src/shared", "scripts/admin-create.ts", "scripts/rates-import.ts", "scripts/credits-grant.ts", "scripts/carrier-ring.ts", "scripts/db-move.ts", "scripts/db-backup.ts", "scripts/db-restore.ts", "package-lock.json", "package.json", "scripts/build.js"],
    output: "dist/server/main.js",
    build: buildServer,
  },
};

/** The bundles `node dist/server/main.js`, `npm start`, `npm run admin:create`, `npm run rates:import`, `npm run credits:grant`, `npm run carrier:ring`, `npm run db:move`, `npm run db:backup` and `npm run db:restore` run, by output name. */
const SERVER_ENTRIES = {
  main: "src/server/main.ts",
  // `npm start` calls it with the web app's build running beside it (scripts/start.js).
  serve: "src/server/serve.ts",
  "admin-create": "scripts/admin-create.ts",
  "rates-import": "scripts/rates-import.ts",
  "credits-grant": "scripts/credits-grant.ts",
  "carrier-ring": "scripts/carrier-ring.ts",
  "db-move": "scripts/db-move.ts",
  "db-backup": "scripts/db-backup.ts",
  "db-restore": "scripts/db-restore.ts",
};

async function buildWeb() {
  const { build } = await import("vite");
  await build({ configFile: path.join(ROOT, "vite.config.ts"), logLevel: "warn" });
  const webRoot = path.join(ROOT, "dist", "web");
  moveSourceMaps(webRoot, path.join(ROOT, "dist", "web-sourcemaps"));
  moveManifestAndCheckBudget(ROOT);
  precompress(webRoot);
  // The same pages for the server to render public pages with (src/web/ssr/render-page.tsx); its packages stay in node_modules.
  await build({
    configFile: path.join(ROOT, "vite.config.ts"),
    logLevel: "warn",
    build: { ssr: path.join(ROOT, "src/web/ssr/render-page.tsx"), outDir: path.join(ROOT, "dist", "ssr"), emptyOutDir: true, sourcemap: true, copyPublicDir: false },
  });
}

/**
 * Source maps stay out of what the server serves (it refuses *.map too): they are kept
 * beside the build, in dist/web-sourcemaps, for reading a production stack trace.
 * @param {string} webRoot
 * @param {string} mapsRoot
 */
function moveSourceMaps(webRoot, mapsRoot) {
  rmSync(mapsRoot, { recursive: true, force: true });
  for (const file of filesUnder(webRoot).filter((name) => name.endsWith(".map"))) {
    const target = path.join(mapsRoot, path.relative(webRoot, file));
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(file, target);
  }
}

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the web app, at
 * the highest levels (once per build, not per request); the server sends the copy the
 * browser accepts. Files under 1 KiB gain nothing and are left alone.
 * @param {string} webRoot
 */
function precompress(webRoot) {
  for (const file of filesUnder(webRoot).filter((name) => COMPRESSIBLE.test(name))) {
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

/**
 * @param {string} folder
 * @returns {string[]}
 */
function filesUnder(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * One ES module per entry (shared code in chunks beside them) with packages left
 * to node_modules, except JSON data files, which are inlined: Node imports JSON
 * only with an import attribute our sources do not write. The bundles sit in
 * dist/server, two folders below the project root like src/server, so paths our
 * code resolves from import.meta.url (the seed data in data/, the web app in
 * dist/web) hold for both; the SQL migrations are copied beside them.
 */
async function buildServer() {
  const esbuild = await import("esbuild");
  const outdir = path.join(ROOT, "dist", "server");
  rmSync(outdir, { recursive: true, force: true });
  /** @type {Set<string>} */
  const packagesImported = new Set();
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    sourcemap: true,
    logLevel: "warning",
    plugins: [
      {
        name: "packages-from-node-modules",
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.kind === "entry-point" || args.path.endsWith(".json")) return undefined;
            packagesImported.add(packageName(args.path));
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  assertRuntimeDependencies(packagesImported);
  cpSync(path.join(ROOT, "src", "server", "db", "migrations"), path.join(outdir, "migrations"), { recursive: true });
}

/**
 * "drizzle-orm/pglite" → "drizzle-orm", "@fastify/static" → "@fastify/static", "node:fs" → "node:fs".
 * @param {string} specifier
 */
export function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

/**
 * A package the server imports must be a dependency: a production install leaves
 * devDependencies out, and the server would then fail at its first import of one.
 * @param {Iterable<string>} packagesImported
 * @param {{ dependencies?: Record<string, string> }} manifest
 */
export function assertRuntimeDependencies(packagesImported, manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"))) {
  const builtins = new Set(builtinModules);
  const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
  const missing = [...packagesImported].filter((name) => !name.startsWith("node:") && !builtins.has(name) && !dependencies.has(name)).sort();
  if (missing.length > 0) {
    throw new Error(
      `The server imports ${missing.join(", ")}, which ${missing.length === 1 ? "is not a dependency" : "are not dependencies"} in package.json. ` +
        `A production install (npm ci --omit=dev) would not have ${missing.length === 1 ? "it" : "them"}: move ${missing.length === 1 ? "it" : "them"} to "dependencies".`,
    );
  }
}

/**
 * Every file under the inputs, in a stable order.
 * @param {string[]} inputs
 * @param {string} root
 */
function inputFiles(inputs, root) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} relative */
  const visit = (relative) => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    if (statSync(absolute).isDirectory()) {
      for (const entry of readdirSync(absolute).sort()) visit(path.join(relative, entry));
    } else files.push(relative);
  };
  for (const input of inputs) visit(input);
  return files;
}

/**
 * A digest of the inputs' names and contents.
 * @param {Pick<Target, "inputs">} target
 * @param {string} [root] the folder the inputs are relative to
 */
export function inputsDigest(target, root = ROOT) {
  const hash = createHash("sha256");
  for (const file of inputFiles(target.inputs, root)) {
    hash.update(`${file.split(path.sep).join("/")}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** @param {TargetName} name */
function stampFile(name) {
  return path.join(STAMPS, `${name}.json`);
}

/**
 * Whether a target's output is missing or was built from other inputs than today's.
 * @param {TargetName} name
 */
export function isStale(name) {
  const target = TARGETS[name];
  if (!existsSync(path.join(ROOT, target.output)) || !existsSync(stampFile(name))) return true;
  try {
    return JSON.parse(readFileSync(stampFile(name), "utf8")).inputs !== inputsDigest(target);
  } catch {
    return true;
  }
}

/**
 * The targets that `--if-stale` would build now.
 * @param {TargetName[]} names
 */
export function staleTargets(names = /** @type {TargetName[]} */ (Object.keys(TARGETS))) {
  return names.filter((name) => isStale(name));
}

/** @param {TargetName} name */
export async function buildTarget(name) {
  const target = TARGETS[name];
  const digest = inputsDigest(target);
  const started = Date.now();
  console.log(`Building the ${name === "web" ? "web app" : "server"}…`);
  await target.build();
  mkdirSync(STAMPS, { recursive: true });
  writeFileSync(stampFile(name), `${JSON.stringify({ inputs: digest, builtAt: new Date().toISOString() })}\n`);
  console.log(`Built the ${name === "web" ? "web app" : "server"} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** @param {string[]} args */
async function main(args) {
  const ifStale = args.includes("--if-stale");
  const named = args.filter((arg) => !arg.startsWith("--"));
  const unknown = named.filter((name) => !(name in TARGETS));
  if (unknown.length > 0) throw new Error(`Unknown build target ${unknown.join(", ")}: use ${Object.keys(TARGETS).join(" or ")}`);
  const names = /** @type {TargetName[]} */ (named.length > 0 ? named : Object.keys(TARGETS));
  for (const name of ifStale ? staleTargets(names) : names) await buildTarget(name);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
