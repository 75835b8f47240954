import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";

/**
 * helmet's response headers for fixed options, computed once. They are the same
 * on every response, and running helmet's whole middleware (CSP parsing included)
 * on every request cost a tenth of a cheap route's time. Valid only for options
 * without per-request parts (CSP nonces or directive functions).
 */
export function staticSecurityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) failure = error;
  });
  if (failure !== null) throw failure;
  return [...headers];
}

/**
 * The headers a JSON answer needs (OWASP REST Security Cheat Sheet, "Security
 * headers"): it must never be sniffed as, rendered as or framed as a page, and
 * stays on HTTPS. The browser set's script, style, media and Twilio directives
 * describe what a page may load, which a JSON body never does.
 */
export const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["content-security-policy", "default-src 'none'; frame-ancestors 'none'"],
  ["x-content-type-options", "nosniff"],
  ["x-frame-options", "DENY"],
  ["referrer-policy", "no-referrer"],
  ["cross-origin-resource-policy", "same-origin"],
  ["strict-transport-security", "max-age=31536000; includeSubDomains"],
];
