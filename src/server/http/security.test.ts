import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../test/engines";
import { startTestServer, type TestServer } from "../test/test-server";

// Pages need the browser policy (what scripts, styles, media and the voice SDK may
// load); JSON answers need only the short API set. A page served with the API set
// would not run, and a JSON answer with the page set would pay for headers it never uses.
describe.each(engines)("security headers by kind of response on %s", (engine) => {
  let server: TestServer;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), "dialwise-web-"));
    writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>Dialwise</title>");
    writeFileSync(path.join(webRoot, "favicon.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "3" }, { webRoot });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("gives pages and static files the browser policy that admits the voice SDK", async () => {
    for (const url of ["/en/countries", "/favicon.svg"]) {
      const response = await server.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      const csp = String(response.headers["content-security-policy"]);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("wss://*.twilio.com");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
    }
  });

  it("gives JSON answers the API set", async () => {
    const response = await server.app.inject("/api/rates/countries");
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers["x-frame-options"]).toBe("DENY");
  });

  it("rate-limits the API but never pages or static files", async () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await server.app.inject("/favicon.svg")).statusCode).toBe(200);
      expect((await server.app.inject("/en/countries")).statusCode).toBe(200);
    }
    let last = await server.app.inject("/api/rates/countries");
    for (let attempt = 0; attempt < 5 && last.statusCode !== 429; attempt++) last = await server.app.inject("/api/rates/countries");
    expect(last.statusCode).toBe(429);
    expect(last.headers["retry-after"]).toBeDefined();
    expect(last.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
