import { spawnSync } from "node:child_process";
import path from "node:path";
import { assertFirstLoadBudget } from "../scripts/first-load-budget.js";
import { BUILT_SERVER, testServerEnv } from "./fixtures";
import { prepareDataTemplate } from "./support/data-folder";

/**
 * The browser tests run the built server and web app, as `npm start` does, so a
 * bundling mistake fails them. Builds whatever is missing or older than its sources, then
 * prepares the data folder the test servers start from (support/data-folder.ts); returns its removal.
 */
export default async function globalSetup(): Promise<() => void> {
  const build = spawnSync(process.execPath, [path.resolve(import.meta.dirname, "../scripts/build.js"), "--if-stale"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error(`The build failed (exit code ${build.status ?? "none"}); see its output above.`);
  // Again here, not only in the build: a build skipped as up to date still meets today's budget.
  assertFirstLoadBudget(path.resolve(import.meta.dirname, ".."));
  return prepareDataTemplate(BUILT_SERVER, testServerEnv);
}
