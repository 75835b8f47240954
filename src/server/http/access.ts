import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { Access } from "../../shared/api/endpoint";
import type { Auth } from "../auth/auth";
import { resolveViewer, type Viewer } from "../auth/viewer";
import { AppError } from "./app-error";
import { addRouteOnRequest } from "./route-hooks";
import { requireSignature, type VerifySignature } from "./signed-access";

/** Told of each signed-in request let in (the back office's "Last active", modules/accounts/activity-stamp.ts). */
export interface ActivityStamp {
  note(userId: string): void;
}

/** Who may call a route: the shared levels, or `signed` for provider webhooks (server only; http/signed-access.ts). */
export type RouteAccess = Access | "signed";

/** A registered route and who may call it; the access-matrix test walks every one. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The provider's check, on `signed` routes. */
    verifySignature?: VerifySignature;
  }
  interface FastifyInstance {
    /** Every route registered after access control, one entry per method (HEAD routes Fastify adds are left out). */
    registeredRoutes: readonly RegisteredRoute[];
  }
  interface FastifyRequest {
    /** The signed-in person, or null; resolved once per request before any handler that needs it. */
    viewer: Viewer | null;
    viewerResolved: boolean;
  }
}

/**
 * Every route declares who may call it. A route without a declaration does not
 * register, so a forgotten check is a start-up failure, not a leak.
 */
export function registerAccessControl(app: FastifyInstance, auth: Auth, activity?: ActivityStamp): void {
  app.decorateRequest("viewer", null);
  app.decorateRequest("viewerResolved", false);
  const routes: RegisteredRoute[] = [];
  app.decorate("registeredRoutes", routes);

  // Checked before the body is read or validated: a caller without access learns
  // nothing about what the route would accept (401/403 come before any 400). Only
  // routes that need a viewer carry the check; public ones do no work for it.
  const requireUser = checkAccess(auth, "user", activity);
  const requireAdmin = checkAccess(auth, "admin", activity);
  app.addHook("onRoute", (route) => {
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (access === undefined && needsDeclaredAccess(route.url)) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access (public, user, admin or signed)`);
    }
    for (const method of [route.method].flat()) {
      if (method !== "HEAD" || !routes.some((known) => known.method === "GET" && known.url === route.url)) routes.push({ method, url: route.url, access });
    }
    if (access === "user" || access === "admin") {
      addRouteOnRequest(route, access === "admin" ? requireAdmin : requireUser, "last");
    }
    if (access === "signed") requireSignature(route);
  });
}

function checkAccess(auth: Auth, access: "user" | "admin", activity: ActivityStamp | undefined): onRequestAsyncHookHandler {
  return async (request) => {
    const viewer = await viewerOf(auth, request);
    if (!viewer) throw new AppError(401, "unauthorized", "Please sign in to continue");
    // The back office's "Last active" (modules/accounts/activity-stamp.ts).
    activity?.note(viewer.userId);
    if (access === "admin" && viewer.role !== "admin") {
      throw new AppError(403, "forbidden", "This page is for administrators only");
    }
  };
}

// API and webhook routes are ours and must say who may call them; static files and
// the OpenAPI viewer (registered by plugins) are public by nature.
function needsDeclaredAccess(url: string): boolean {
  return /^\/(api|webhooks)\//.test(url) && !url.startsWith("/api/docs");
}

/** The viewer of a request, looked up at most once. */
export async function viewerOf(auth: Auth, request: FastifyRequest): Promise<Viewer | null> {
  if (!request.viewerResolved) {
    request.viewer = await resolveViewer(auth, request);
    request.viewerResolved = true;
  }
  return request.viewer;
}

/** For handlers behind `user` or `admin` access, where the preHandler guarantees a viewer. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError(401, "unauthorized", "Please sign in to continue");
  return request.viewer;
}
