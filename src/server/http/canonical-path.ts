import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "./app-error";
import { setSecurityHeaders } from "./security";

/**
 * Every /api and /webhooks request must name its path in the one plain form the
 * routes are written in. Anything else is refused with 400 before a route runs,
 * so no limit, access rule or throttle that looks at the path can be walked
 * around by a variant that another layer would tidy into the same handler:
 * `/sign-in/./email`, `/x/../sign-in/email`, `%2e` segments, `//`, `%2f`, `\`,
 * `;` parameters, a trailing slash, `%73ign-in`, a fragment, an absolute URL.
 */

/** The common case, checked first and cheaply: plain segments, no percent signs, no dot segments, maybe a query. */
const PLAIN_API_TARGET = /^\/(?:api|webhooks)(?:\/(?!\.\.?(?:[/?]|$))[A-Za-z0-9\-._~!$&'()*+,=:@]+)*(?:\?[^#]*)?$/;

/**
 * The common case of every other request (pages, the app's files, /healthz), also checked
 * cheaply: a target that no layer could tidy into /api or /webhooks. One leading slash, URL
 * path characters only (no escapes, backslashes, spaces or controls a parser would strip),
 * no segment starting with a dot, and a first segment other than api or webhooks in any case.
 * Anything else takes the full check in looksLikeApi.
 */
const PLAIN_OTHER_TARGET = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/]*(?:\?[^#]*)?$/;
const API_FIRST_SEGMENT = /^\/(?:api|webhooks)(?:[/;?]|$)/i;

/** A canonical path: non-empty segments of URL path characters or escapes (no `;`, `\` or trailing slash). */
const CANONICAL_PATH = /^(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,=:@]|%[0-9A-Fa-f]{2})+)+$/;

/** Escaped characters that never need escaping, and the ones other layers would turn into separators or strip. */
const NEEDLESS_OR_TRICKY_ESCAPE = /%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[DdEe]|5[Ff]|7[Ee]|2[Ff]|5[Cc]|[01][0-9A-Fa-f]|7[Ff])/;

export const NON_CANONICAL_MESSAGE =
  "The request path is not in its plain form: remove empty, '.' and '..' segments, escaped letters, digits, dots or slashes, backslashes, ';' parameters and any trailing slash.";

/** Why a request target for /api or /webhooks is not canonical, or null when it is (or is not an API target). */
export function nonCanonicalApiTarget(target: string): string | null {
  if (PLAIN_API_TARGET.test(target)) return null;
  if (PLAIN_OTHER_TARGET.test(target) && !API_FIRST_SEGMENT.test(target) && !target.includes("/.")) return null;
  if (!looksLikeApi(target)) return null;
  if (!target.startsWith("/")) return "the request target is a full URL, not a path";
  if (target.includes("#")) return "the request target has a fragment (#), which clients never send";
  const question = target.indexOf("?");
  const path = question === -1 ? target : target.slice(0, question);
  if (!/^\/(?:api|webhooks)(?:\/|$)/.test(path)) return "the path does not start with /api/ or /webhooks/ in lower case";
  if (!CANONICAL_PATH.test(path)) return "the path has an empty segment, a trailing slash, a backslash, ';' or a character that must be escaped";
  if (path.split("/").some((segment) => segment === "." || segment === "..")) return "the path has a '.' or '..' segment";
  if (NEEDLESS_OR_TRICKY_ESCAPE.test(path)) return "the path escapes a letter, digit, dot, slash, backslash or control character";
  // Whatever a WHATWG URL parser (better-auth's, fetch's) would still change is not canonical either.
  if (new URL(path, "http://canonical.invalid").pathname !== path) return "the path is not in its normalized form";
  return null;
}

/**
 * Whether a target would reach /api or /webhooks once some layer decoded,
 * lower-cased or tidied it: those must pass the strict check.
 */
function looksLikeApi(target: string): boolean {
  let path = target.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, "").split(/[?#]/)[0] ?? "";
  for (let round = 0; round < 3 && path.includes("%"); round++) path = decodeLeniently(path);
  path = path.replace(/\\/g, "/").toLowerCase();
  let tidied: string;
  try {
    tidied = new URL(path.startsWith("/") ? path : `/${path}`, "http://canonical.invalid").pathname;
  } catch {
    return true;
  }
  return /^\/*(?:api|webhooks)(?:[/;]|$)/.test(tidied.replace(/\/{2,}/g, "/")) || /^\/*(?:api|webhooks)(?:[/;]|$)/.test(path);
}

function decodeLeniently(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The refusal of a request whose target is not canonical, or null. Run for every
 * request, matched or not, before any route's own hooks (the rate limit and access
 * control included), by the request intake (request-intake.ts).
 */
export function canonicalPathRefusal(request: FastifyRequest, reply: FastifyReply): AppError | null {
  const problem = nonCanonicalApiTarget(request.raw.url ?? "/");
  if (problem === null) return null;
  setSecurityHeaders(reply, "api");
  return new AppError(400, "path_not_canonical", `${NON_CANONICAL_MESSAGE} Here ${problem}.`);
}
