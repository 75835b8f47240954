import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyBaseLogger, FastifyInstance, HookHandlerDoneFunction, preHandlerHookHandler } from "fastify";
import { addRouteHook } from "./route-hooks";

const current = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * Services built once at start-up (authentication, payments, calls) are handed the
 * server's logger, yet most of their lines are written while they serve a request.
 * Each request runs in a scope that holds its own logger (`request.log`, which adds
 * its reqId), entered by the request intake (request-intake.ts) and entered again
 * before the handler where reading the body can leave it; a logger from
 * `requestScopedLog` writes through that one inside a request and through the
 * server's outside (jobs, timers, start-up).
 */
export function continueInLogScope(log: FastifyBaseLogger, next: HookHandlerDoneFunction): void {
  current.run(log, next);
}

/** Entered again only where reading the body left the scope: a request without a body is still in it. */
const enterAgain: preHandlerHookHandler = (request, _reply, done) => (current.getStore() === request.log ? done() : current.run(request.log, done));

/**
 * Fastify reads a body only for methods other than GET and HEAD, so only routes that
 * take such a method get the second entry: a GET pays no preHandler step for it.
 */
export function reenterLogScopeAfterBody(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if ([route.method].flat().some((method) => method !== "GET" && method !== "HEAD")) addRouteHook(route, "preHandler", enterAgain, "first");
  });
}

/** A logger that is the current request's when there is one, else `fallback`. */
export function requestScopedLog(fallback: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(fallback, {
    get(target, property) {
      const log = current.getStore() ?? target;
      const value: unknown = Reflect.get(log, property, log);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(log) : value;
    },
  });
}
