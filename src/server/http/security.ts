import type { FastifyInstance, FastifyReply } from "fastify";
import { registerRateLimit } from "./rate-limit";
import { addRouteCheck, type RouteCheck } from "./route-hooks";
import { ANALYTICS_CSP_SOURCES } from "./analytics";
import { API_SECURITY_HEADERS, staticSecurityHeaders } from "./security-headers";

/**
 * Security headers and the content security policy of pages. The policy already
 * admits what the voice SDK needs (Twilio's signalling and media hosts, blob audio)
 * and Google sign-in and Stripe Checkout as form/redirect targets; Google Analytics'
 * hosts only when the server has an analytics ID; the built page's own inline scripts by
 * their hashes (inline-scripts.ts).
 */
function pageSecurityHeaders(analytics: boolean, inlineScripts: readonly string[]): ReadonlyArray<readonly [string, string]> {
  const extra = (directive: keyof typeof ANALYTICS_CSP_SOURCES) => (analytics ? ANALYTICS_CSP_SOURCES[directive] : []);
  return staticSecurityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts, ...extra("scriptSrc")],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...extra("imgSrc")],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "https://*.twilio.com", "wss://*.twilio.com", "https://sdk.twilio.com", ...extra("connectSrc")],
        mediaSrc: ["'self'", "blob:", "https://media.twiliocdn.com", "https://sdk.twilio.com"],
        workerSrc: ["'self'", "blob:"],
        frameSrc: ["'self'", "https://checkout.stripe.com"],
        formAction: ["'self'", "https://accounts.google.com", "https://checkout.stripe.com"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    // The voice SDK's audio worklets and Google's OAuth popup break under these two.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
}

/** Google Analytics' hosts join the policy only where ANALYTICS_ID is set (analytics.ts). */
const PLAIN_PAGE_SECURITY_HEADERS = pageSecurityHeaders(false, []);

declare module "fastify" {
  interface FastifyInstance {
    /** The page set this server sends, chosen once by registerSecurity. */
    pageSecurityHeaders?: ReadonlyArray<readonly [string, string]>;
  }
}

export type ResponseKind = "page" | "api";

/** Sets the security headers of a page (and static file) or of a JSON answer. */
export function setSecurityHeaders(reply: FastifyReply, kind: ResponseKind): void {
  const headers = kind === "api" ? API_SECURITY_HEADERS : (reply.server.pageSecurityHeaders ?? PLAIN_PAGE_SECURITY_HEADERS);
  // On the reply, not its raw response: Fastify hands them to writeHead with its own in one object,
  // validated once there, where headers set on the raw response are validated when set and merged again.
  for (const [name, value] of headers) reply.header(name, value);
}

const pageHeaders: RouteCheck = (_request, reply) => {
  setSecurityHeaders(reply, "page");
  return null;
};
const apiHeaders: RouteCheck = (_request, reply) => {
  setSecurityHeaders(reply, "api");
  return null;
};

/**
 * Pages, static files and the API viewer get the page set; our JSON endpoints (the
 * routes that declare an access level) get the short API set (decision 006). The set
 * is chosen once per route, when it registers; the not-found handler sets its own.
 */
export function registerSecurity(app: FastifyInstance, options: { rateLimitPerMinute: number; analytics?: boolean; inlineScripts?: readonly string[] }): void {
  app.decorate("pageSecurityHeaders", pageSecurityHeaders(options.analytics === true, options.inlineScripts ?? []));
  registerRateLimit(app, { max: options.rateLimitPerMinute });
  // Registered after the limit and put first, so every answer, a 429 included, carries the headers.
  app.addHook("onRoute", (route) => {
    const headers = (route.config as { access?: unknown } | undefined)?.access === undefined ? pageHeaders : apiHeaders;
    addRouteCheck(route, headers, "first");
  });
}
