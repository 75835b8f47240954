import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error";
import { textProblemError } from "./json-body";
import { addRouteCheck, type RouteCheck } from "./route-hooks";

/**
 * A host name (letters, digits, dots, hyphens, underscores), an IPv4 address or a
 * bracketed IPv6 address, with an optional port: what a browser or an HTTP client
 * sends. Anything else cannot be part of a URL we build from it.
 */
const HOST_HEADER = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]{0,252})?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * Hosts already found valid. A server is reached under a handful of names, and
 * URL.canParse costs a couple of microseconds on every API request; the set stops
 * growing at a bound so a client inventing names cannot fill memory.
 */
const knownHosts = new Set<string>();
const KNOWN_HOSTS_BOUND = 64;

/** A missing Host is allowed (HTTP/1.0 health checks send none; Node refuses it on HTTP/1.1). */
export function isValidHostHeader(host: string | undefined): boolean {
  if (host === undefined || knownHosts.has(host)) return true;
  if (!HOST_HEADER.test(host)) return false;
  const port = /:(\d+)$/.exec(host)?.[1];
  // The URL parser has the last word: "1.2.3.999" looks like a name but is a bad IPv4 address.
  const valid = (port === undefined || Number(port) <= 65535) && URL.canParse(`http://${host}/`);
  if (valid && knownHosts.size < KNOWN_HOSTS_BOUND) knownHosts.add(host);
  return valid;
}

/**
 * What every API route refuses before anything reads the request: a NUL character
 * anywhere in the path or query (%00; PostgreSQL cannot store it and answers with
 * an error, and nothing we serve needs it), and a Host header that is not a host
 * (better-auth's handler and any absolute link are built from it).
 */
const guardRequest: RouteCheck = (request) => {
  if (request.url.includes("%00")) return textProblemError("nul_character");
  if (!isValidHostHeader(request.headers.host)) return new AppError(400, "invalid_host", "The Host header of the request is not a valid host name");
  return null;
};

/**
 * Adds the guard to every route that declares an access level (our JSON API,
 * webhooks, health checks) as it registers, after the security headers and the
 * rate limit and before the access check, so a malformed request costs no session
 * lookup. Register after registerSecurity and before registerAccessControl.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if ((route.config as { access?: unknown } | undefined)?.access !== undefined) addRouteCheck(route, guardRequest, "last");
  });
}
