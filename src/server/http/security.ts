import type { FastifyInstance, FastifyReply, onRequestHookHandler } from "fastify";
import { registerRateLimit } from "./rate-limit";
import { addRouteOnRequest } from "./route-hooks";
import { API_SECURITY_HEADERS, staticSecurityHeaders } from "./security-headers";

/**
 * Security headers and the content security policy of pages. The policy already
 * admits what the voice SDK needs (Twilio's signalling and media hosts, blob audio)
 * and Google sign-in and Stripe Checkout as form/redirect targets.
 */
const PAGE_SECURITY_HEADERS = staticSecurityHeaders({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", "https://*.twilio.com", "wss://*.twilio.com", "https://sdk.twilio.com"],
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

export type ResponseKind = "page" | "api";

/** Sets the security headers of a page (and static file) or of a JSON answer. */
export function setSecurityHeaders(reply: FastifyReply, kind: ResponseKind): void {
  for (const [name, value] of kind === "api" ? API_SECURITY_HEADERS : PAGE_SECURITY_HEADERS) reply.raw.setHeader(name, value);
}

const pageHeadersHook: onRequestHookHandler = (_request, reply, done) => {
  setSecurityHeaders(reply, "page");
  done();
};
const apiHeadersHook: onRequestHookHandler = (_request, reply, done) => {
  setSecurityHeaders(reply, "api");
  done();
};

/**
 * Pages, static files and the API viewer get the page set; our JSON endpoints (the
 * routes that declare an access level) get the short API set (decision 006). The set
 * is chosen once per route, when it registers; the not-found handler sets its own.
 */
export function registerSecurity(app: FastifyInstance, options: { rateLimitPerMinute: number }): void {
  registerRateLimit(app, { max: options.rateLimitPerMinute });
  // Registered after the limit and put first, so every answer, a 429 included, carries the headers.
  app.addHook("onRoute", (route) => {
    const hook = (route.config as { access?: unknown } | undefined)?.access === undefined ? pageHeadersHook : apiHeadersHook;
    addRouteOnRequest(route, hook, "first");
  });
}
