import fastifyHelmet from "@fastify/helmet";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { staticSecurityHeaders } from "./security-headers";

const options = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], connectSrc: ["'self'", "wss://*.twilio.com"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" as const },
};

describe("static security headers", () => {
  it("are exactly the headers @fastify/helmet sets for the same options", async () => {
    const app = Fastify();
    await app.register(fastifyHelmet, options);
    app.get("/", async () => "ok");
    const response = await app.inject("/");
    await app.close();
    const expected = Object.fromEntries(
      Object.entries(response.headers).filter(([name]) => !["content-type", "content-length", "date", "connection"].includes(name)),
    );
    expect(Object.fromEntries(staticSecurityHeaders(options))).toEqual(expected);
    expect(expected["content-security-policy"]).toBe("default-src 'self';connect-src 'self' wss://*.twilio.com;frame-ancestors 'none'");
  });
});
