import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { siteInfo } from "../../../shared/api/site";
import { clientErrorReport, liveness, readiness } from "../../../shared/api/system";
import type { Config } from "../../config";
import type { EventBus } from "../../db/bus";
import type { DatabaseHandle } from "../../db/client";
import { AppError } from "../../http/app-error";
import { constantAnswer, registerEndpoint } from "../../http/endpoint";

/** How soon a load balancer may ask /readyz again after a 503. */
const READINESS_RETRY_SECONDS = 5;

export function registerSystemRoutes(app: FastifyInstance, database: DatabaseHandle, config: Config, bus: EventBus): void {
  // Load balancers ask this every few seconds: the same answer, serialized once.
  const live = constantAnswer(liveness, { status: "ok" });
  registerEndpoint(app, liveness, async () => live);

  // Not ready while the database does not answer, nor while its notifications are not heard (or not yet
  // caught up on): such an instance would serve prices and events other instances have moved past.
  registerEndpoint(app, readiness, async ({ reply }) => {
    try {
      await database.db.execute(sql`select 1`);
    } catch {
      reply.header("retry-after", String(READINESS_RETRY_SECONDS));
      throw new AppError(503, "database_unavailable", "The database is not reachable");
    }
    if (!bus.isLive()) {
      reply.header("retry-after", String(READINESS_RETRY_SECONDS));
      throw new AppError(503, "notifications_unavailable", "Not listening to the database's change notifications; reconnecting");
    }
    return { status: "ok" as const, database: database.kind };
  });

  registerEndpoint(app, siteInfo, async ({ reply }) => {
    reply.header("cache-control", "public, max-age=300");
    return { supportEmail: config.supportEmail, supportLocation: config.supportLocation ?? null };
  });

  registerEndpoint(app, clientErrorReport, async ({ body, request }) => {
    // Logged at warn: a broken page is worth seeing, but it is the browser's report, not our failure.
    request.log.warn({ clientError: body }, "web app reported an error");
    return { received: true as const };
  });
}
