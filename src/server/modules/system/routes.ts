import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { siteInfo } from "../../../shared/api/site";
import { clientErrorReport, liveness, readiness } from "../../../shared/api/system";
import type { Config } from "../../config";
import type { DatabaseHandle } from "../../db/client";
import { AppError } from "../../http/app-error";
import { registerEndpoint } from "../../http/endpoint";

export function registerSystemRoutes(app: FastifyInstance, database: DatabaseHandle, config: Config): void {
  registerEndpoint(app, liveness, async () => ({ status: "ok" as const }));

  registerEndpoint(app, readiness, async () => {
    try {
      await database.db.execute(sql`select 1`);
    } catch {
      throw new AppError(503, "database_unavailable", "The database is not reachable");
    }
    return { status: "ok" as const, database: database.kind };
  });

  registerEndpoint(app, siteInfo, async ({ reply }) => {
    reply.header("cache-control", "public, max-age=300");
    return { supportEmail: config.supportEmail, supportLocation: config.supportLocation };
  });

  registerEndpoint(app, clientErrorReport, async ({ body, request }) => {
    // Logged at warn: a broken page is worth seeing, but it is the browser's report, not our failure.
    request.log.warn({ clientError: body }, "web app reported an error");
    return { received: true as const };
  });
}
