import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../test/engines";
import { startTestServer, type TestServer } from "../test/test-server";

/**
 * Whom the per-address limits count a request against. Off by default: the
 * connection's address, whatever X-Forwarded-For says, so a client that reaches
 * the server directly cannot choose its own address (decision 004).
 */
describe.each(engines)("TRUST_PROXY on %s", (engine) => {
  let direct: TestServer | undefined;
  let behindOneProxy: TestServer | undefined;
  // One after the other: two servers booting at once on a busy machine can outlast Fastify's plugin timeout.
  beforeAll(async () => {
    direct = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "2" });
    behindOneProxy = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "2", TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await direct?.close();
    await behindOneProxy?.close();
  });

  const lookup = (server: TestServer | undefined, forwardedFor: string) =>
    server!.app.inject({ method: "GET", url: "/api/rates/countries", headers: { "x-forwarded-for": forwardedFor } });

  it("is off by default: a forged X-Forwarded-For does not make a new client", async () => {
    expect(direct?.config.trustProxy).toBe(false);
    expect((await lookup(direct, "198.51.100.1")).statusCode).toBe(200);
    expect((await lookup(direct, "198.51.100.2")).statusCode).toBe(200);
    expect((await lookup(direct, "198.51.100.3")).statusCode).toBe(429);
  });

  it("with one proxy hop, counts the address that proxy saw, and ignores what the client put before it", async () => {
    expect((await lookup(behindOneProxy, "198.51.100.1")).statusCode).toBe(200);
    expect((await lookup(behindOneProxy, "198.51.100.2")).statusCode).toBe(200);
    expect((await lookup(behindOneProxy, "198.51.100.2")).statusCode).toBe(200);
    // The client wrote 203.0.113.66 itself; the proxy appended the address it saw, 198.51.100.2.
    expect((await lookup(behindOneProxy, "203.0.113.66, 198.51.100.2")).statusCode).toBe(429);
  });
});
