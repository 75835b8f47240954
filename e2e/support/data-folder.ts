import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startProcess } from "../../scripts/server-process";

/**
 * The environment variable through which the suite's prepared data folder reaches the workers:
 * Playwright starts its workers after the global setup, with the setup's environment.
 */
const TEMPLATE_VARIABLE = "DIALWISE_E2E_DATA_TEMPLATE";

/**
 * Makes the data folder every test server starts from: the built server is started once on an
 * empty folder (it creates the embedded database, migrates it, loads the translations, the rate
 * deck and the guides, and installs the job queue's schema) and stopped cleanly. A first start
 * costs about twice the CPU of a start on a prepared folder, and the suite starts a server about
 * twenty times. Returns the folder's removal.
 */
export async function prepareDataTemplate(builtServer: string, env: (dataDir: string) => Record<string, string>): Promise<() => void> {
  const folder = mkdtempSync(path.join(tmpdir(), "dialwise-e2e-template-"));
  const server = await startProcess(builtServer, env(folder), "/readyz");
  await server.stop();
  process.env[TEMPLATE_VARIABLE] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}

/**
 * A throw-away data folder for one test server: a copy of the prepared one when the global setup
 * made it, otherwise empty (the server then prepares it itself, as on a first `npm start`).
 */
export function newDataFolder(label: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), `dialwise-e2e-${label}-`));
  const template = process.env[TEMPLATE_VARIABLE];
  if (template) cpSync(template, folder, { recursive: true });
  return folder;
}
