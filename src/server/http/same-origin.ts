import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error";
import { addRouteCheck, type RouteCheck } from "./route-hooks";
import { originOf } from "./site-origins";

/** The methods a browser lets any page send to any site with the visitor's cookies (forms: POST), and the rest that change things. */
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type CrossSiteRefusal = "origin_not_allowed" | "origin_missing";

const MESSAGES: Record<CrossSiteRefusal, string> = {
  origin_not_allowed:
    "For your safety, changes are accepted only from this site's own pages, and this page was opened at another address. Open the site at its usual address and try again.",
  origin_missing: "For your safety, this was refused: your browser did not say which page it came from. Reload the page and try again.",
};

type Headers = FastifyRequest["headers"];

/**
 * Whether a request that changes something may run, from the headers a browser
 * sets itself (a page cannot forge them): its Origin, or its Referer when a
 * browser sent no Origin, must be one of ours. A browser sends Origin with every
 * POST, PUT, PATCH and DELETE, "null" included, so neither header means a client
 * that is not a browser: it may go on when it sends no cookie, since then it acts
 * only with what it sends itself (sign-up from a script, a benchmark, a price
 * lookup) and has no signed-in visitor to borrow. With a cookie it is refused.
 * Decision 028.
 */
export function crossSiteRefusal(headers: Headers, trusted: ReadonlySet<string>): CrossSiteRefusal | null {
  const origin = single(headers.origin);
  if (origin !== undefined) return trusted.has(origin) || trusted.has(originOf(origin) ?? "") ? null : "origin_not_allowed";
  const referer = single(headers.referer);
  if (referer !== undefined) return trusted.has(originOf(referer) ?? "") ? null : "origin_not_allowed";
  return headers.cookie === undefined ? null : "origin_missing";
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}


/**
 * Adds the same-origin check to every route that declares public, user or admin
 * access and takes a write method, as it registers: before the access check, so a
 * cross-site request costs no session lookup and runs no handler. Signed provider
 * webhooks are exempt (their signature proves the sender; providers send no Origin).
 * Register after registerRequestGuards and before registerAccessControl.
 */
export function registerSameOriginWrites(app: FastifyInstance, origins: readonly string[]): void {
  const trusted = new Set(origins);
  const guard: RouteCheck = (request) => {
    if (!WRITE_METHODS.has(request.method)) return null;
    const refusal = crossSiteRefusal(request.headers, trusted);
    if (refusal === null) return null;
    // The operator learns which address was refused and which are ours (PUBLIC_URL sets them).
    request.log.info({ origin: request.headers.origin, referer: request.headers.referer, trusted: origins }, "cross-site request refused");
    return new AppError(403, refusal, MESSAGES[refusal]);
  };
  app.addHook("onRoute", (route) => {
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (access === undefined || access === "signed") return;
    if (![route.method].flat().some((method) => WRITE_METHODS.has(method))) return;
    addRouteCheck(route, guard, "last");
  });
}
