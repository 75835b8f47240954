import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../test/engines";
import { startTestServer, type TestServer } from "../test/test-server";

describe.each(engines)("HTTP contract on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "40" });
  });
  afterAll(() => server.close());

  const report = { message: "boom", url: "http://localhost/en" };

  it("answers /healthz and /readyz", async () => {
    expect((await server.app.inject("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await server.app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ok", database: engine });
  });

  it("accepts a valid body", async () => {
    const response = await server.app.inject({ method: "POST", url: "/api/client-errors", payload: report });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ received: true });
  });

  it("turns malformed JSON into 400 invalid_json", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/client-errors",
      headers: { "content-type": "application/json" },
      payload: '{"message": "unterminated',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: "invalid_json", message: "The request body is not valid JSON" });
  });

  it("turns wrong types into 400 validation_failed naming the field", async () => {
    const response = await server.app.inject({ method: "POST", url: "/api/client-errors", payload: { message: 42, url: ["x"] } });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe("validation_failed");
    expect(error.message).toContain("body.message");
    expect(error.details.map((detail: { path: string }) => detail.path)).toEqual(["body.message", "body.url"]);
  });

  it("refuses oversized bodies with 413 and no stack trace", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/client-errors",
      payload: { ...report, stack: "x".repeat(300 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("payload_too_large");
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it("refuses bodies that are not JSON with 415", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/client-errors",
      headers: { "content-type": "text/xml" },
      payload: "<report/>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe("unsupported_media_type");
  });

  it("answers unknown API paths with 404 not_found", async () => {
    const response = await server.app.inject("/api/no-such-thing");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });

  it("rejects an unsupported language with 400, not 500", async () => {
    const response = await server.app.inject("/api/i18n/xx");
    expect(response.statusCode).toBe(400);
  });

  it("sends JSON answers the API's security headers and no page policy", async () => {
    for (const url of ["/healthz", "/api/rates/countries", "/api/no-such-thing"]) {
      const response = await server.app.inject(url);
      const csp = String(response.headers["content-security-policy"]);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["x-frame-options"], url).toBeDefined();
      expect(response.headers["strict-transport-security"], url).toContain("max-age=");
    }
    const answer = await server.app.inject("/healthz");
    expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers["x-ratelimit-limit"]).toBeUndefined();
  });

  it("serves the OpenAPI description at /api/docs", async () => {
    const response = await server.app.inject("/api/docs/json");
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain("/api/client-errors");
  });

  it("rate-limits the API with 429 and a clear message", async () => {
    let last = await server.app.inject("/api/i18n/en");
    for (let attempt = 0; attempt < 60 && last.statusCode !== 429; attempt++) last = await server.app.inject("/api/i18n/en");
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe("rate_limited");
    expect(last.json().error.message).toMatch(/Too many requests/);
  });
});
