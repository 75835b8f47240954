import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandling } from "./error-handler";
import { clientKey, registerRateLimit } from "./rate-limit";

async function appWithLimit(max: number, clock: { now: number }, maxClients?: number) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  registerRateLimit(app, { max, windowMs: 60_000, now: () => clock.now, ...(maxClients === undefined ? {} : { maxClients }) });
  app.get("/api/thing", async () => ({ ok: true }));
  app.get("/page", async () => "page");
  await app.ready();
  return app;
}

const from = (remoteAddress: string) => ({ remoteAddress });

describe("API rate limit", () => {
  it("answers 429 with a clear message and retry-after once a client passes the limit", async () => {
    const clock = { now: 1_000_000 };
    const app = await appWithLimit(2, clock);
    expect((await app.inject({ url: "/api/thing", ...from("10.0.0.1") })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/thing", ...from("10.0.0.1") })).statusCode).toBe(200);
    clock.now += 15_000;
    const refused = await app.inject({ url: "/api/thing", ...from("10.0.0.1") });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: "rate_limited", message: "Too many requests. Please wait 45 seconds and try again." });
    expect(refused.headers["retry-after"]).toBe("45");
    // Another client is counted on its own.
    expect((await app.inject({ url: "/api/thing", ...from("10.0.0.2") })).statusCode).toBe(200);
    await app.close();
  });

  it("starts a new window when the old one ends", async () => {
    const clock = { now: 0 };
    const app = await appWithLimit(1, clock);
    expect((await app.inject({ url: "/api/thing", ...from("10.0.0.1") })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/thing", ...from("10.0.0.1") })).statusCode).toBe(429);
    clock.now += 60_000;
    expect((await app.inject({ url: "/api/thing", ...from("10.0.0.1") })).statusCode).toBe(200);
    await app.close();
  });

  it("never limits routes outside the API", async () => {
    const app = await appWithLimit(1, { now: 0 });
    for (let i = 0; i < 5; i++) expect((await app.inject({ url: "/page", ...from("10.0.0.1") })).statusCode).toBe(200);
    await app.close();
  });

  it("counts a HEAD request once, like its GET", async () => {
    const app = await appWithLimit(2, { now: 0 });
    expect((await app.inject({ method: "HEAD", url: "/api/thing", ...from("10.0.0.1") })).statusCode).toBe(200);
    expect((await app.inject({ method: "HEAD", url: "/api/thing", ...from("10.0.0.1") })).statusCode).toBe(200);
    expect((await app.inject({ method: "HEAD", url: "/api/thing", ...from("10.0.0.1") })).statusCode).toBe(429);
    await app.close();
  });

  it("remembers a bounded number of clients, forgetting the least recently seen", async () => {
    const app = await appWithLimit(1, { now: 0 }, 2);
    expect((await app.inject({ url: "/api/thing", ...from("10.0.0.1") })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/thing", ...from("10.0.0.2") })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/thing", ...from("10.0.0.3") })).statusCode).toBe(200);
    // 10.0.0.1 was pushed out by 10.0.0.3, so its count starts again; 10.0.0.3 is still counted.
    expect((await app.inject({ url: "/api/thing", ...from("10.0.0.1") })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/thing", ...from("10.0.0.3") })).statusCode).toBe(429);
    await app.close();
  });
});

describe("whom a request counts against", () => {
  it("is the IPv4 address, also when it arrives mapped into IPv6", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 network of an IPv6 address", () => {
    expect(clientKey("2001:db8:abcd:12:1::5")).toBe(clientKey("2001:db8:abcd:12:ffff:1:2:3"));
    expect(clientKey("2001:db8:abcd:12::1")).not.toBe(clientKey("2001:db8:abcd:13::1"));
  });
});
