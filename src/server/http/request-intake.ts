import type { FastifyInstance } from "fastify";
import { canonicalPathRefusal } from "./canonical-path";
import { REQUEST_ID_HEADER } from "./request-id";
import { continueInLogScope, reenterLogScopeAfterBody } from "./request-log";

/**
 * What every request, matched by a route or not, goes through first, as one onRequest
 * hook rather than three (Fastify pays a step of its hook chain per hook, on every
 * request): its id echoed in X-Request-Id (request-id.ts), a target that is not
 * canonical refused with 400 (canonical-path.ts), then the rest of its hooks and its
 * handler run in its log scope (request-log.ts). Register before any route.
 */
export function registerRequestIntake(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const refusal = canonicalPathRefusal(request, reply);
    if (refusal !== null) return done(refusal);
    continueInLogScope(request.log, done);
  });
  reenterLogScopeAfterBody(app);
}
