import { isIPv6 } from "node:net";
import { Address6 } from "ip-address";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import { AppError } from "./app-error";
import { addRouteCheck, type RouteCheck } from "./route-hooks";

export interface RateLimitOptions {
  /** Requests per client per window. */
  max: number;
  windowMs?: number;
  /** How many clients are remembered at once; the least recently seen are forgotten first. */
  maxClients?: number;
  now?: () => number;
}

interface Window {
  count: number;
  resetsAt: number;
}

/**
 * Counts each client's requests in a fixed window: null while a client is within
 * `max`, else the seconds until its window ends. Clients are remembered in a bounded
 * LRU, so addresses made up by the thousand cannot fill memory.
 */
export function createWindowCounter(options: RateLimitOptions): (ip: string) => number | null {
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const windows = new LRUCache<string, Window>({ max: options.maxClients ?? 50_000 });
  return (ip) => {
    const key = clientKey(ip);
    const at = now();
    let window = windows.get(key);
    if (window === undefined || at >= window.resetsAt) {
      window = { count: 0, resetsAt: at + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= options.max) return null;
    return Math.max(1, Math.ceil((window.resetsAt - at) / 1000));
  };
}

/**
 * The API's per-client request limit: a fixed window per address, checked
 * synchronously before anything else runs. Written here rather than taken from
 * @fastify/rate-limit, whose promise-based hook measured about a fifth of a cheap
 * API answer's server time (decision 006); the sign-in and reset limits are
 * separate and live in the database (decision 004). Pages have their own (page-limit.ts).
 */
export function createRateLimiter(options: RateLimitOptions): RouteCheck {
  const count = createWindowCounter(options);
  return (request, reply) => {
    const seconds = count(request.ip);
    if (seconds === null) return null;
    reply.header("retry-after", String(seconds));
    return new AppError(429, "rate_limited", `Too many requests. Please wait ${seconds} seconds and try again.`);
  };
}

/**
 * Whom a request counts against: the IPv4 address, or the /64 network of an IPv6
 * one (a single subscriber usually holds a whole /64 and could rotate through it).
 * IPv4 clients of a dual-stack listener arrive as ::ffff:a.b.c.d and count as a.b.c.d.
 */
export function clientKey(ip: string): string {
  if (!ip.includes(":")) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return new Address6(`${ip.replace(/%.*$/, "")}/64`).startAddress().correctForm();
}

/** Adds the limit to every API route as it is registered, so pages and static files never pay for it. */
export function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): void {
  const limit = createRateLimiter(options);
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/")) addRouteCheck(route, limit, "first");
  });
}
