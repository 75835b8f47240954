import { ConfigError, loadConfig } from "./config";
import { createServer } from "./app";
import { DataDirLockedError } from "./db/data-dir-lock";
import { providerSummary } from "./providers/summary";

/** Starts Dialwise: configuration, database, seed data, HTTP. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await createServer(config);
  const address = await server.app.listen({ port: config.port, host: config.host });

  const lines = [
    `Dialwise is running at ${config.publicUrl} (listening on ${address})`,
    `  database: ${server.database.kind === "pglite" ? "embedded PostgreSQL (PGlite)" : "PostgreSQL"} at ${server.database.location}`,
    ...Object.entries(providerSummary(config)).map(([concern, provider]) => `  ${concern}: ${provider}`),
  ];
  if (!server.servesWebApp) lines.push("  web app: not built (run `npm run build`); serving the API only");
  console.log(lines.join("\n"));

  const stop = (signal: string) => {
    server.app.log.info(`${signal} received, shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
