import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";

/**
 * helmet's response headers for fixed options, computed once. They are the same
 * on every response, and @fastify/helmet rebuilt helmet's whole middleware (CSP
 * parsing included) on every request: a tenth of a cheap route's time. Valid only
 * for options without per-request parts (CSP nonces or directive functions).
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
