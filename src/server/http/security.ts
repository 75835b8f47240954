import type { FastifyInstance } from "fastify";
import { registerRateLimit } from "./rate-limit";
import { API_SECURITY_HEADERS, staticSecurityHeaders } from "./security-headers";

/**
 * Security headers and the content security policy. The policy already admits
 * what the voice SDK needs (Twilio's signalling and media hosts, blob audio) and
 * Google sign-in and Stripe Checkout as form/redirect targets.
 */
export function registerSecurity(app: FastifyInstance, options: { rateLimitPerMinute: number }): void {
  const securityHeaders = staticSecurityHeaders({
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
  // Pages, scripts and the API viewer get the browser set; our JSON endpoints (the
  // routes that declare an access level) get the short API set (decision 006). Both
  // are computed once, not per request (see security-headers.ts).
  app.addHook("onRequest", (request, reply, done) => {
    const headers = request.routeOptions.config.access === undefined ? securityHeaders : API_SECURITY_HEADERS;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  registerRateLimit(app, { max: options.rateLimitPerMinute });
}
