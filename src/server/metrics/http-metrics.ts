import type { FastifyInstance } from "fastify";
import { Histogram, type Registry } from "prom-client";

/**
 * The route a request matched, as registered (`/api/calls/:callSid`), never its address: one series per
 * route, whatever the ids. Requests no route matched are answered by the not-found handler: the web app's
 * pages (every page address, its redirects and the page limit's 429) under `page`, and 404s under `unmatched`.
 */
export const PAGE_ROUTE = "page";
export const UNMATCHED_ROUTE = "unmatched";

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Every answered request's time, by method, route pattern and status. Streams handed to the raw socket (server-sent events) are not answered through Fastify and are left out. */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const latency = new Histogram({
    name: "dialwise_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern (not the address) and status code.",
    labelNames: ["method", "route", "status_code"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // A callback hook, not an async one: no promise per request.
  app.addHook("onResponse", (request, reply, done) => {
    latency.observe(
      { method: request.method, route: request.routeOptions.url ?? (reply.statusCode === 404 ? UNMATCHED_ROUTE : PAGE_ROUTE), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
