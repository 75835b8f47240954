import type {
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from "fastify";

type RouteHooks = {
  onRequest: onRequestHookHandler | onRequestAsyncHookHandler;
  preHandler: preHandlerHookHandler | preHandlerAsyncHookHandler;
};

/**
 * Adds a hook to a route as it registers (from an onRoute hook), first or last
 * among the route's own of that kind. Added once: Fastify registers a GET's HEAD
 * twin from the GET's options, which already carry the hook.
 */
export function addRouteHook<K extends keyof RouteHooks>(route: RouteOptions, kind: K, hook: RouteHooks[K], position: "first" | "last"): void {
  const current: unknown = route[kind];
  const existing: unknown[] = current === undefined ? [] : [current].flat();
  if (existing.includes(hook)) return;
  (route as unknown as Record<K, unknown[]>)[kind] = position === "first" ? [hook, ...existing] : [...existing, hook];
}

export function addRouteOnRequest(route: RouteOptions, hook: RouteHooks["onRequest"], position: "first" | "last"): void {
  addRouteHook(route, "onRequest", hook, position);
}

/**
 * A synchronous check of a request before anything reads it: the error that
 * answers it, or null to let it go on. It may set headers on the reply.
 */
export type RouteCheck = (request: FastifyRequest, reply: FastifyReply) => Error | null;

const CHECKS = Symbol("route checks");
type WithChecks = RouteOptions & { [CHECKS]?: RouteCheck[] };

/**
 * Adds a check to a route as it registers, first or last among its checks. A
 * route's checks (security headers, rate limit, request guards, same-origin
 * writes) all run in one onRequest hook placed first among its hooks: Fastify
 * pays a step of its hook chain per hook, on every request, and these are a few
 * comparisons each. Added once per route, the HEAD twin included (its options,
 * copied from the GET's, share the GET's list).
 */
export function addRouteCheck(route: RouteOptions, check: RouteCheck, position: "first" | "last"): void {
  const holder = route as WithChecks;
  let checks = holder[CHECKS];
  if (checks === undefined) {
    checks = [];
    holder[CHECKS] = checks;
    addRouteOnRequest(route, runChecks(checks), "first");
  }
  if (checks.includes(check)) return;
  if (position === "first") checks.unshift(check);
  else checks.push(check);
}

/** One hook for a route's checks, in their order; the first refusal answers. */
function runChecks(checks: readonly RouteCheck[]): onRequestHookHandler {
  return (request, reply, done) => {
    for (let index = 0; index < checks.length; index++) {
      const refusal = (checks[index] as RouteCheck)(request, reply);
      if (refusal !== null) return done(refusal);
    }
    done();
  };
}
