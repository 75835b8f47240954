import type { FastifyInstance } from "fastify";
import { Registry } from "prom-client";
import { callMetrics, type CallMetrics } from "./call-metrics";
import { registerDatabaseGauges, type DatabaseGaugeSources } from "./database-gauges";
import { registerHttpMetrics } from "./http-metrics";
import { registerInstanceGauges, type PoolCounts } from "./instance-gauges";
import { registerMetricsRoute } from "./metrics-route";
import { webhookMetrics, type WebhookMetrics } from "./webhook-metrics";

/**
 * One server's metrics, in a registry of its own (never prom-client's global one):
 * several servers in one process (tests, two instances) each count their own.
 * Counters and histograms are this instance's; database figures are read at scrape.
 */
export interface ServerMetrics {
  registry: Registry;
  calls: CallMetrics;
  webhooks: WebhookMetrics;
}

/**
 * The registry with the event counters and, when a scrape can read them (`timeRequests`: METRICS_TOKEN
 * is set), the request timings, whose onResponse hook goes on `app` now: without a scrape, no request pays for it.
 */
export function createServerMetrics(app: FastifyInstance, options: { timeRequests: boolean }): ServerMetrics {
  const registry = new Registry();
  if (options.timeRequests) registerHttpMetrics(app, registry);
  return { registry, calls: callMetrics(registry), webhooks: webhookMetrics(registry) };
}

/** Adds the scrape-time figures and, when a token is configured, the /metrics route. */
export function exposeMetrics(
  app: FastifyInstance,
  metrics: ServerMetrics,
  sources: DatabaseGaugeSources & { openStreams(): number; pool: PoolCounts | undefined; token: string | undefined },
): void {
  // Collected in this order at each scrape: the pool is read before the database reads take connections from it.
  registerInstanceGauges(metrics.registry, sources);
  registerDatabaseGauges(metrics.registry, sources);
  if (sources.token !== undefined) registerMetricsRoute(app, metrics.registry, sources.token);
}
