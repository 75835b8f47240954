import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { startTestServer, type TestServer } from "../test/test-server";
import { withAnalyticsId } from "./analytics";

const INDEX = `<!doctype html><html><head><title>Dialwise</title></head><body><div id="root"></div></body></html>`;
// Google sign-in (accounts.google.com) is in the policy either way; these hosts are analytics only.
const GOOGLE = /googletagmanager|google-analytics|analytics\.google|gtag/i;

/** A page, a 404 page and a static file, as a browser gets them. */
async function answers(server: TestServer) {
  return Promise.all(["/en", "/en/no-such-page", "/favicon.svg"].map((url) => server.app.inject({ url, headers: { "accept-encoding": "identity" } })));
}

// Analytics (spec, section 7) is all or nothing: without ANALYTICS_ID no page names it and
// the policy lets no page reach it; with one, the ID is in the head and Google's hosts in the policy.
describe("analytics in pages and their security policy", () => {
  let webRoot: string;
  const servers: TestServer[] = [];
  beforeAll(() => {
    webRoot = mkdtempSync(path.join(tmpdir(), "dialwise-analytics-"));
    writeFileSync(path.join(webRoot, "index.html"), INDEX);
    writeFileSync(path.join(webRoot, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("carries nothing of analytics when ANALYTICS_ID is unset", async () => {
    const server = await startTestServer("pglite", { ANALYTICS_ID: "" }, { webRoot });
    servers.push(server);
    for (const response of await answers(server)) {
      expect(String(response.headers["content-security-policy"])).not.toMatch(GOOGLE);
      expect(response.body).not.toMatch(GOOGLE);
      expect(response.body).not.toContain("analytics-id");
    }
  });

  it("puts the measurement ID in every page's head and admits Google Analytics' hosts when it is set", async () => {
    const server = await startTestServer("pglite", { ANALYTICS_ID: "G-ABC123DEF4" }, { webRoot });
    servers.push(server);
    const [page, missing, file] = await answers(server);
    for (const response of [page, missing]) {
      expect(response?.body).toContain('<meta name="analytics-id" content="G-ABC123DEF4">\n</head>');
    }
    for (const response of [page, missing, file]) {
      const csp = String(response?.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self' https://www.googletagmanager.com;");
      expect(csp).toContain("connect-src 'self' https://*.twilio.com wss://*.twilio.com https://sdk.twilio.com https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com;");
      expect(csp).toContain("img-src 'self' data: blob: https://*.google-analytics.com https://*.googletagmanager.com;");
    }
    // JSON answers keep their own short policy.
    expect((await server.app.inject("/api/site")).headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("accepts only a Google Analytics 4 measurement ID", () => {
    expect(loadConfig({ ANALYTICS_ID: "G-ABC123DEF4" }).analyticsId).toBe("G-ABC123DEF4");
    expect(loadConfig({ ANALYTICS_ID: "  " }).analyticsId).toBeUndefined();
    expect(() => loadConfig({ ANALYTICS_ID: 'G-1"><script>' })).toThrow(/ANALYTICS_ID/);
    expect(() => loadConfig({ ANALYTICS_ID: "UA-1234-1" })).toThrow(/ANALYTICS_ID/);
    expect(() => withAnalyticsId(INDEX, "G-<x>")).toThrow();
    expect(withAnalyticsId(INDEX, undefined)).toBe(INDEX);
  });
});
