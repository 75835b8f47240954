// @ts-check
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "./build.js";
import { freePort } from "./free-port.js";

/**
 * npm run test:install: what someone with a fresh clone gets. The project's files
 * (tracked, and new ones git does not ignore, as a commit would hold them) are
 * copied into an empty folder, installed the two ways the README promises, and
 * started with `npm start` and no configuration; the check passes when /readyz,
 * /en and the page's script answer.
 *   - production install: npm ci --omit=dev, then npm start (builds with runtime dependencies only, and without tsx)
 *   - newcomer: npm install, then npm start
 * Needs the npm registry, or npm's cache holding every package (--prefer-offline).
 */
const MODES = [
  { name: "production install (npm ci --omit=dev && npm start)", install: ["ci", "--omit=dev"], withoutDevTools: true, reusesBuild: false },
  // The build is the same whatever else is installed (its stamps are digests of its inputs): the
  // second clone is given the first one's dist/, and `npm start` must find it up to date.
  { name: "fresh clone (npm install && npm start)", install: ["install"], withoutDevTools: false, reusesBuild: true },
];

/** The first clone's build, kept for the second. */
const keptBuild = mkdtempSync(path.join(tmpdir(), "dialwise-clean-build-"));

/** The `npm start` running now and the copy it runs in: stopped and removed with this check when it is told to stop. */
/** @type {import("node:child_process").ChildProcess | null} */
let runningStart = null;
/** @type {string | null} */
let currentCopy = null;
for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
  process.once(signal, () => {
    try {
      if (runningStart?.pid !== undefined && runningStart.exitCode === null) process.kill(-runningStart.pid, "SIGTERM");
    } catch {
      // Its group is gone already: the same signal reached it, or it exited meanwhile.
    }
    for (const folder of [currentCopy, keptBuild]) if (folder) rmSync(folder, { recursive: true, force: true });
    process.exit(1);
  });
}
const START_TIMEOUT_MS = 5 * 60_000;

/** The environment of a person's shell: none of this run's npm settings, no configuration of ours. */
function cleanEnv(/** @type {Record<string, string>} */ extra) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || name.startsWith("npm_") || ["DATA_DIR", "DATABASE_URL", "NODE_ENV", "PORT", "HOST", "PUBLIC_URL", "LOG_LEVEL"].includes(name)) continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}


/** Copies the project as a clone of it would be: git's files, without node_modules, dist or var. */
function cleanCopy(/** @type {string} */ target) {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });
  for (const file of new Set(listed.split("\0").filter(Boolean))) {
    const from = path.join(ROOT, file);
    if (!existsSync(from)) continue; // deleted in the work tree, not yet committed
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(from, path.join(target, file));
  }
}

/** Polls until `check` returns true, the process dies, or the time is up. */
async function waitFor(/** @type {() => Promise<boolean>} */ check, /** @type {() => string | null} */ failure) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const failed = failure();
    if (failed !== null) throw new Error(failed);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`not ready within ${START_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** @param {typeof MODES[number]} mode */
async function check(mode) {
  const folder = mkdtempSync(path.join(tmpdir(), "dialwise-clean-"));
  currentCopy = folder;
  let output = "";
  try {
    cleanCopy(folder);
    const install = spawnSync("npm", [...mode.install, "--no-audit", "--no-fund", "--prefer-offline"], { cwd: folder, env: cleanEnv({}), encoding: "utf8" });
    if (install.status !== 0) throw new Error(`npm ${mode.install.join(" ")} failed:\n${install.stdout}${install.stderr}`);
    // Every package of the tree accepts the Node we run on (decision 001): a fresh install prints no engine warning.
    if (/EBADENGINE/.test(install.stderr + install.stdout)) throw new Error(`npm ${mode.install.join(" ")} warned about engines:\n${install.stderr}`);
    if (mode.withoutDevTools) {
      // vite names tsx as an optional peer, so npm may install it even here: take it away to
      // prove that neither the build nor the server needs it.
      for (const leftover of ["node_modules/tsx", "node_modules/.bin/tsx"]) rmSync(path.join(folder, leftover), { recursive: true, force: true });
    }

    if (mode.reusesBuild) cpSync(keptBuild, path.join(folder, "dist"), { recursive: true });

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // Its own process group, so stopping it stops npm and the server under it.
    const child = spawn("npm", ["start"], { cwd: folder, env: cleanEnv({ PORT: String(port), HOST: "127.0.0.1" }), stdio: ["ignore", "pipe", "pipe"], detached: true });
    runningStart = child;
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    try {
      await waitFor(
        async () => (await fetch(`${url}/readyz`)).ok,
        () => (child.exitCode === null ? null : `npm start exited with ${child.exitCode}`),
      );
      const page = await fetch(`${url}/en`);
      const html = await page.text();
      const script = html.match(/<script[^>]+src="([^"]+)"/)?.[1];
      if (!page.ok || !script) throw new Error(`/en answered ${page.status} without the web app's script:\n${html.slice(0, 500)}`);
      const asset = await fetch(new URL(script, url));
      if (!asset.ok) throw new Error(`${script} answered ${asset.status}`);
      if (!existsSync(path.join(folder, "var", "db"))) throw new Error("the embedded database is not in ./var/db");
      // A first start says what it does while it does it: no long silence between the build and "running".
      for (const step of ["Creating the embedded database at var/db…", "Loading the translations…", "Loaded the rate deck in ", "Dialwise is running at "]) {
        if (!output.includes(step)) throw new Error(`npm start did not print "${step}"`);
      }
      if (mode.reusesBuild && /Building the/.test(output)) throw new Error("npm start built again although the build it was given is up to date");
      if (!mode.reusesBuild) cpSync(path.join(folder, "dist"), keptBuild, { recursive: true });
    } finally {
      if (child.pid !== undefined && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(-child.pid, "SIGTERM");
        await exited;
      }
    }
  } catch (error) {
    throw new Error(`${mode.name}: ${error instanceof Error ? error.message : String(error)}\n--- npm start printed ---\n${output}`, { cause: error });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

let passed = 0;
let failed = 0;
for (const mode of MODES) {
  const started = Date.now();
  try {
    await check(mode);
    passed += 1;
    console.log(`✓ ${mode.name} serves /readyz and /en (${Math.round((Date.now() - started) / 1000)} s)`);
  } catch (error) {
    failed += 1;
    console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  }
}
rmSync(keptBuild, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
