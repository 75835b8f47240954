import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyBaseLogger, FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from "fastify";

const current = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * Services built once at start-up (authentication, payments, calls) are handed the
 * server's logger, yet most of their lines are written while they serve a request.
 * Each request runs in a scope that holds its own logger (`request.log`, which adds
 * its reqId), entered again before the handler because reading the body can leave it;
 * a logger from `requestScopedLog` writes through that one inside a request and
 * through the server's outside (jobs, timers, start-up).
 */
export function enterRequestLogScope(app: FastifyInstance): void {
  const enter: onRequestHookHandler = (request, _reply, done) => current.run(request.log, done);
  // Entered again only where reading the body left the scope: a request without a body is still in it.
  const enterAgain: preHandlerHookHandler = (request, _reply, done) => (current.getStore() === request.log ? done() : current.run(request.log, done));
  app.addHook("onRequest", enter);
  app.addHook("preHandler", enterAgain);
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
