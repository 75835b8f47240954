import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../test/engines";
import { startTestServer, type TestServer } from "../test/test-server";

const INDEX = `<!doctype html><html><head><title>Dialwise</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(80)}</body></html>`;
const bodyOf = (html: string) => html.slice(html.indexOf("</head>"));
const SCRIPT = `console.log(${JSON.stringify("x".repeat(4000))});`;

// What a browser and a crawler get for pages and the built files: compressed copies,
// year-long caching only for hashed assets, real 404s, HEAD like GET, and no source maps.
describe.each(engines)("serving the web app on %s", (engine) => {
  let server: TestServer;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), "dialwise-web-app-"));
    mkdirSync(path.join(webRoot, "assets"));
    writeFileSync(path.join(webRoot, "index.html"), INDEX);
    // As the build leaves them: a hashed script with its Brotli and gzip copies (marked so the test can tell
    // which copy was sent), and a file outside assets/.
    writeFileSync(path.join(webRoot, "assets", "app-AbC123.js"), SCRIPT);
    writeFileSync(path.join(webRoot, "assets", "app-AbC123.js.br"), brotliCompressSync(Buffer.from(`${SCRIPT}//br`)));
    writeFileSync(path.join(webRoot, "assets", "app-AbC123.js.gz"), gzipSync(Buffer.from(`${SCRIPT}//gz`)));
    writeFileSync(path.join(webRoot, "assets", "app-AbC123.js.map"), '{"version":3}');
    writeFileSync(path.join(webRoot, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer(engine, { PUBLIC_URL: "https://calls.example" }, { webRoot });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("sends hashed assets as immutable for a year, in the Brotli or gzip copy the browser accepts", async () => {
    const brotli = await server.app.inject({ url: "/assets/app-AbC123.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(`${SCRIPT}//br`);

    const gzip = await server.app.inject({ url: "/assets/app-AbC123.js", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${SCRIPT}//gz`);

    const plain = await server.app.inject({ url: "/assets/app-AbC123.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    const favicon = await server.app.inject("/favicon.svg");
    expect(favicon.headers["cache-control"]).toBe("public, max-age=300");
  });

  it("never serves a source map", async () => {
    expect((await server.app.inject("/assets/app-AbC123.js.map")).statusCode).toBe(404);
  });

  it("answers a page of the app with 200 and compressed, and any other address with the app's page and 404", async () => {
    for (const url of ["/en", "/en/", "/ar/countries", "/sv/country/jm", "/de/history", "/fr/dashboard", "/", "/auth", "/phone"]) {
      const response = await server.app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers["vary"], url).toContain("Accept-Encoding");
      const html = brotliDecompressSync(response.rawPayload).toString();
      // The shell's body as built, under the page's own head (site/page-head.test.ts reads the head).
      expect(bodyOf(html), url).toBe(bodyOf(INDEX));
      expect(html, url).toContain('<link rel="canonical"');
      expect(html, url).toMatch(/^<!doctype html><html lang="[a-z]{2}" dir="(ltr|rtl)" data-head="server"><head><title>[^<]+<\/title>/);
    }
    // Unknown pages, an unknown country, a country we do not call, and paths that are no page at all.
    for (const url of ["/en/no-such-page", "/en/country/zz", "/en/country/not-a-country", "/en/countries/extra", "/wp-login.php", "/en/history/1"]) {
      const response = await server.app.inject({ url, headers: { "accept-encoding": "gzip" } });
      expect(response.statusCode, url).toBe(404);
      // Its words follow the visitor's language choice, so caches must tell visitors apart.
      expect(response.headers["vary"], url).toBe("Accept-Encoding, Accept-Language, Cookie");
      const html = gunzipSync(response.rawPayload).toString();
      expect(bodyOf(html), url).toBe(bodyOf(INDEX));
      expect(html, url).toContain('<meta name="robots" content="noindex,nofollow">');
    }
    // An unknown API path stays a JSON 404.
    const api = await server.app.inject("/api/no-such-thing");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("sends a language written in capitals or with a region, and a country by another slug, to the page's one address, keeping the query", async () => {
    for (const [url, location] of [
      ["/EN", "/en"],
      ["/Ar/faq", "/ar/faq"],
      ["/eN/country/gb?utm_source=x&q=1", "/en/country/uk?utm_source=x&q=1"],
      ["/en/country/gb", "/en/country/uk"],
      ["/de/country/JM?ref=mail", "/de/country/jm?ref=mail"],
      ["/pt-BR/countries", "/pt/countries"],
      ["/SV/no-such-page", "/sv/no-such-page"],
    ] as const) {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await server.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(301);
        expect(response.headers.location, `${method} ${url}`).toBe(location);
      }
    }
  });

  it("answers an address without a language with 404 and a head in the visitor's language, titled as the page the app shows", async () => {
    const cases = [
      { url: "/login", headers: {}, lang: "en", title: "Oops! Page not found · Dialwise" },
      { url: "/pricing", headers: { "accept-language": "sv-SE,sv;q=0.9,en;q=0.5" }, lang: "sv", title: "Hoppsan! Sidan hittades inte · Dialwise" },
      { url: "/Go/faq", headers: { "accept-language": "en", cookie: "PREFERRED_LOCALE=ar" }, lang: "ar", title: "عذرًا! الصفحة غير موجودة · Dialwise" },
      { url: "/sv/no-such-page", headers: { "accept-language": "ar" }, lang: "sv", title: "Hoppsan! Sidan hittades inte · Dialwise" },
    ];
    for (const { url, headers, lang, title } of cases) {
      const response = await server.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain(`<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}" data-head="server">`);
      expect(response.body, url).toContain(`<title>${title}</title>`);
    }
  });

  it("answers HEAD wherever GET answers, with the same status and headers and no body", async () => {
    for (const url of ["/en", "/en/countries", "/en/no-such-page", "/assets/app-AbC123.js", "/robots.txt", "/sitemap.xml", "/api/rates/countries"]) {
      const get = await server.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
      const head = await server.app.inject({ method: "HEAD", url, headers: { "accept-encoding": "gzip" } });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.headers["content-type"], url).toBe(get.headers["content-type"]);
      expect(head.headers["content-encoding"], url).toBe(get.headers["content-encoding"]);
      expect(head.rawPayload.length, url).toBe(0);
    }
  });

  it("serves robots.txt and a sitemap of every public page in every language with hreflang alternates", async () => {
    const robots = await server.app.inject("/robots.txt");
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.body).toContain("Sitemap: https://calls.example/sitemap.xml");
    expect(robots.body).toContain("Disallow: /api/");
    expect(robots.body).toContain("Disallow: /*/history");

    const sitemap = await server.app.inject("/sitemap.xml");
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = sitemap.body;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const locale of ["en", "sv", "ar", "zh", "fr", "de", "es", "hi", "ru", "pt"]) {
      expect(locs).toContain(`https://calls.example/${locale}`);
      expect(locs).toContain(`https://calls.example/${locale}/countries`);
      expect(locs).toContain(`https://calls.example/${locale}/country/jm`);
      expect(locs).toContain(`https://calls.example/${locale}/country/uk`);
    }
    // Private pages are not listed; each entry names its ten languages and x-default.
    expect(locs.some((loc) => /\/(history|profile|dashboard|auth)$/.test(loc ?? ""))).toBe(false);
    const jamaica = xml.slice(xml.indexOf("<loc>https://calls.example/ar/country/jm</loc>"));
    const entry = jamaica.slice(0, jamaica.indexOf("</url>"));
    expect(entry.match(/hreflang="/g)).toHaveLength(11);
    expect(entry).toContain('hreflang="x-default" href="https://calls.example/en/country/jm"');
    expect(new Set(locs).size).toBe(locs.length);
  });
});
