import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Registry } from "prom-client";
import { AppError } from "../http/app-error";

export const METRICS_PATH = "/metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether an Authorization header carries the token, compared in constant time (both sides hashed first, so their lengths match). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const offered = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(offered), digest(token));
}

/**
 * GET /metrics in Prometheus's text format, for a scrape that sends the token
 * (METRICS_TOKEN) as a bearer; anything else 401. Without a token configured the
 * route is not registered at all (404), so an unconfigured server shows nothing.
 */
export function registerMetricsRoute(app: FastifyInstance, registry: Registry, token: string): void {
  app.get(METRICS_PATH, { config: { access: "public" }, schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError(401, "unauthorized", "This address answers only to a scrape that sends the metrics token");
    }
    reply.header("cache-control", "no-store");
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
