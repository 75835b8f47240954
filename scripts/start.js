// @ts-check
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, staleTargets } from "./build.js";

/**
 * `npm start`: builds whatever is missing or older than its sources, each build in a
 * child process so the build tools do not stay in the server's memory, then runs the
 * built server in this process, so signals reach it directly. The server's build
 * comes first (it is quick, and the server is what runs); the web app's, the slow one,
 * runs beside the server's start-up (creating the database, loading seed data), which
 * waits for it before serving pages. On an unchanged tree it starts at once.
 */
const stale = staleTargets();
if (stale.includes("server")) {
  const build = spawnSync(process.execPath, [path.join(ROOT, "scripts", "build.js"), "server"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const webAppBuilt = stale.includes("web") ? buildInChild("web") : undefined;

// Stack traces point into src/, not into the bundle.
process.setSourceMapsEnabled(true);
/** @type {{ serve(options: { webAppBuilt?: Promise<unknown> }): Promise<void> }} */
const server = await import(pathToFileURL(path.join(ROOT, "dist", "server", "serve.js")).href);
await server.serve(webAppBuilt ? { webAppBuilt } : {});

/**
 * @param {string} target
 * @returns {Promise<void>} settles when the build is done; a failed build ends `npm start` with its status, as it would have before the server started
 */
function buildInChild(target) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts", "build.js"), target], { stdio: "inherit" });
    child.on("exit", (status) => {
      if (status === 0) return resolve();
      console.error(`The ${target} build failed: npm start stops.`);
      process.exit(status ?? 1);
    });
  });
}
