import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * The browser tests run the built server and web app, as `npm start` does, so a
 * bundling mistake fails them. Builds whatever is missing or older than its sources.
 */
export default function globalSetup(): void {
  const build = spawnSync(process.execPath, [path.resolve(import.meta.dirname, "../scripts/build.js"), "--if-stale"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error(`The build failed (exit code ${build.status ?? "none"}); see its output above.`);
}
