import type { onRequestAsyncHookHandler, onRequestHookHandler, RouteOptions } from "fastify";

type OnRequestHook = onRequestHookHandler | onRequestAsyncHookHandler;

/**
 * Adds an onRequest hook to a route as it registers (from an onRoute hook), first
 * or last among the route's own. Added once: Fastify registers a GET's HEAD twin
 * from the GET's options, which already carry the hook.
 */
export function addRouteOnRequest(route: RouteOptions, hook: OnRequestHook, position: "first" | "last"): void {
  const existing: unknown[] = route.onRequest === undefined ? [] : [route.onRequest].flat();
  if (existing.includes(hook)) return;
  route.onRequest = (position === "first" ? [hook, ...existing] : [...existing, hook]) as RouteOptions["onRequest"];
}
