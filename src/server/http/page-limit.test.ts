import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../test/engines";
import { startTestServer, type TestServer } from "../test/test-server";

// Shaped like the built index.html.
const INDEX = `<!doctype html>
<html lang="en" dir="ltr">
  <head><meta charset="UTF-8" /><title>Dialwise</title></head>
  <body><div id="root"></div><script type="module" src="/assets/app.js"></script></body>
</html>`;
const LIMIT = 5;
const strings = (language: string, file: string) => JSON.parse(readFileSync(path.join("data", "translations", language, `${file}.json`), "utf8")) as Record<string, string>;

// One address asking for page after page (a flood with a new query string each time, a scraper):
// past its limit it gets 429 with Retry-After, and the page it asked for as the shell the browser renders.
describe.each(engines)("the page limit per address on %s", (engine) => {
  let server: TestServer;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), "dialwise-page-limit-"));
    mkdirSync(path.join(webRoot, "assets"));
    writeFileSync(path.join(webRoot, "index.html"), INDEX);
    writeFileSync(path.join(webRoot, "assets", "app.js"), "console.log(1)");
    // The web build's render module, from source: a visitor's page's state is asked for apart, and counted with the pages.
    server = await startTestServer(engine, { PAGE_RATE_LIMIT_PER_MINUTE: String(LIMIT) }, { webRoot, ssrEntry: path.resolve("src/web/ssr/render-page.tsx") });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const page = (url: string, remoteAddress: string) => server.app.inject({ url, remoteAddress, headers: { "accept-encoding": "identity" } });

  it("answers 429 with Retry-After past the limit, with the page in its language and a notice for readers without scripts", async () => {
    const flooder = "203.0.113.7";
    for (let index = 0; index < LIMIT; index++) {
      const answer = await page(`/ar/faq?utm_source=${index}`, flooder);
      expect(answer.statusCode, `page ${index + 1}`).toBe(200);
    }
    const refused = await page("/ar/faq?utm_source=over", flooder);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(refused.headers["cache-control"]).toBe("no-cache");
    // The page's own head in Arabic, right to left, so the app the browser runs shows the page it asked for.
    expect(refused.body).toContain('<html lang="ar" dir="rtl"');
    expect(refused.body).toContain(`<title>${strings("ar", "seo")["seo.faq.title"]} · `);
    expect(refused.body).toContain('<script type="module" src="/assets/app.js"></script>');
    // What a reader without scripts (or a crawler) reads, in the page's language.
    const notice = strings("ar", "http-errors")["errors.too_many_pages"];
    expect(notice).toBeTruthy();
    expect(refused.body).toContain(notice);
    // HEAD counts and is refused like GET.
    expect((await server.app.inject({ method: "HEAD", url: "/ar/faq", remoteAddress: flooder })).statusCode).toBe(429);
  });

  it("counts each address on its own, an IPv6 network per /64, and never counts the API or the app's files", async () => {
    const neighbour = "2001:db8:1:2::10";
    for (let index = 0; index < LIMIT; index++) expect((await page(`/en/countries?n=${index}`, `2001:db8:1:2::${index + 1}`)).statusCode).toBe(200);
    expect((await page("/en/countries", neighbour)).statusCode).toBe(429);
    // Another network, another address: their own limits.
    expect((await page("/en/countries", "2001:db8:1:3::1")).statusCode).toBe(200);
    expect((await page("/en/countries", "198.51.100.4")).statusCode).toBe(200);
    // The limited network still reaches the API and the app's files, which have their own rules.
    expect((await server.app.inject({ url: "/api/rates/countries/GB", remoteAddress: neighbour })).statusCode).toBe(200);
    expect((await server.app.inject({ url: "/assets/app.js", remoteAddress: neighbour })).statusCode).toBe(200);
  });

  it("refuses an unknown address past the limit the same way, in English where the address names no language", async () => {
    const flooder = "192.0.2.55";
    for (let index = 0; index < LIMIT; index++) expect((await page(`/no-such-page-${index}`, flooder)).statusCode).toBe(404);
    const refused = await page("/no-such-page-again", flooder);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(strings("en", "http-errors")["errors.too_many_pages"]);
  });

  it("counts a visitor's page's state as a page when it must be rendered, and not when it comes with its page's render", async () => {
    const visitor = "198.51.100.77";
    const state = (query: string) => server.app.inject({ url: `/api/page-state?page=${encodeURIComponent(`/en/search?q=${query}-${engine}`)}`, remoteAddress: visitor });
    // The page and then its state, as a browser asks at first use: the state is the page's kept render, one count in all.
    for (let index = 0; index < LIMIT - 1; index++) {
      expect((await page(`/en/search?q=${index}-${engine}`, visitor)).statusCode).toBe(200);
      expect((await state(String(index))).statusCode).toBe(200);
    }
    // A state nobody rendered yet renders, and counts: the last of the address's pages.
    expect((await state("fresh")).statusCode).toBe(200);
    const refused = await state("another");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({ error: { code: "rate_limited" } });
    expect((await page("/en/faq", visitor)).statusCode).toBe(429);
  });
});
