import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error";
import { staticSecurityHeaders } from "./security-headers";

/**
 * Security headers and the content security policy. The policy already admits
 * what the voice SDK needs (Twilio's signalling and media hosts, blob audio) and
 * Google sign-in and Stripe Checkout as form/redirect targets.
 */
export async function registerSecurity(app: FastifyInstance, options: { rateLimitPerMinute: number }): Promise<void> {
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
  // Set on every response, as @fastify/helmet did, from values computed once (see security-headers.ts).
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });

  await app.register(rateLimit, {
    max: options.rateLimitPerMinute,
    timeWindow: "1 minute",
    // Static files are cheap and cached; the limit protects the API.
    allowList: (request) => !request.url.startsWith("/api/"),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, "rate_limited", `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
  });
}
