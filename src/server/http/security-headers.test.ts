import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { staticSecurityHeaders } from "./security-headers";

const options = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], connectSrc: ["'self'", "wss://*.twilio.com"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" as const },
};

/**
 * Written out by hand from helmet's header reference (its README, "HTTP header
 * reference"): each default header, with the three the options above change.
 */
const EXPECTED = {
  "content-security-policy": "default-src 'self';connect-src 'self' wss://*.twilio.com;frame-ancestors 'none'",
  "cross-origin-opener-policy": "same-origin-allow-popups",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

/** The headers helmet's middleware leaves on a real response from node:http, as a client receives them. */
async function headersOfARealResponse(): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    response.setHeader("x-powered-by", "something");
    middleware(request, response, (error?: unknown) => {
      response.statusCode = error ? 500 : 200;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(response.status).toBe(200);
    await response.text();
    const transport = new Set(["content-length", "date", "connection", "keep-alive", "transfer-encoding"]);
    return Object.fromEntries([...response.headers].filter(([name]) => !transport.has(name)));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("static security headers", () => {
  it("are helmet's documented headers for the options, no more and no fewer", () => {
    expect(Object.fromEntries(staticSecurityHeaders(options))).toEqual(EXPECTED);
  });

  it("are what helmet's middleware sets on a real response (X-Powered-By removed)", async () => {
    expect(await headersOfARealResponse()).toEqual(Object.fromEntries(staticSecurityHeaders(options)));
  });
});
