import { ConfigError, loadConfig } from "./config";
import { createServer } from "./app";
import { DataDirLockedError } from "./db/data-dir-lock";
import { moveEarlierRuntimeState } from "./earlier-data-folder";
import { loadEnvFile } from "./env-file";
import { providerSummary } from "./providers/summary";
import { stopOnSignals } from "./shutdown";
import { printedProgress } from "./startup-progress";

export interface ServeOptions {
  /** The web app's build running beside start-up (`npm start`, scripts/start.js): see `ServerOptions.webAppBuilt`. */
  webAppBuilt?: Promise<unknown>;
}

/**
 * Starts Dialwise: configuration (.env, then the environment), database, seed data, HTTP,
 * saying what it does as it goes. A failure to start ends the process with its reason.
 */
export async function serve(options: ServeOptions = {}): Promise<void> {
  try {
    await start(options);
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
    process.exit(1);
  }
}

async function start(options: ServeOptions): Promise<void> {
  const envFile = loadEnvFile();
  const config = loadConfig();
  const moved = moveEarlierRuntimeState({ dataDir: config.dataDir });
  const progress = printedProgress({ json: config.env === "production" });
  const server = await createServer(config, { progress, ...(options.webAppBuilt ? { webAppBuilt: options.webAppBuilt } : {}) });
  for (const note of moved) server.app.log[note.level](note.message);
  const address = await server.app.listen({ port: config.port, host: config.host });

  const summary: Record<string, string> = {
    database: `${server.database.kind === "pglite" ? "embedded PostgreSQL (PGlite)" : "PostgreSQL"} at ${server.database.location}`,
    ...providerSummary(config),
    configuration: envFile ? `${envFile} (variables set in the environment win)` : "environment variables only (no .env)",
  };
  if (!server.servesWebApp) summary["web app"] = "not built (run `npm run build`); serving the API only";
  const headline = `Dialwise is running at ${config.publicUrl} (listening on ${address})`;
  // Production logs are JSON only; elsewhere the summary is for a person to read.
  if (config.env === "production") server.app.log.info(summary, headline);
  else console.log([headline, ...Object.entries(summary).map(([concern, value]) => `  ${concern}: ${value}`)].join("\n"));

  stopOnSignals(server);
}
