// @ts-check
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, staleTargets } from "./build.js";

/**
 * `npm start`: builds whatever is missing or older than its sources (in a child
 * process, so the build tools do not stay in the server's memory), then runs the
 * built server in this process, so signals reach it directly. On an unchanged
 * tree it starts at once.
 */
const stale = staleTargets();
if (stale.length > 0) {
  const build = spawnSync(process.execPath, [path.join(ROOT, "scripts", "build.js"), ...stale], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Stack traces point into src/, not into the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(ROOT, "dist", "server", "main.js")).href);
