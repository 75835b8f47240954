import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../../test/engines";
import { eventually } from "../../test/eventually";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { ADMIN_PAGE_PATHS, CUSTOMER_PAGE_PATHS } from "../../../shared/site/page-paths";
import { OG_IMAGE_KINDS } from "./page-head";

// Shaped like src/web/index.html: the shell's English head, which each page replaces with its own.
const INDEX = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <meta name="theme-color" content="#0f766e" />
    <title>Dialwise – International calls from your browser</title>
    <meta name="description" content="Call phone numbers anywhere in the world from your browser." />
  </head>
  <body><div id="root"></div></body>
</html>`;
const ORIGIN = "https://calls.example";
const LANGUAGES = ["en", "sv", "ar", "zh", "fr", "de", "es", "hi", "ru", "pt"];
const translation = (language: string, key: string) =>
  (JSON.parse(readFileSync(path.join("data", "translations", language, "seo.json"), "utf8")) as Record<string, string>)[key] ?? "";
const frontMatter = (file: string, field: string) => new RegExp(`^${field}: (.*)$`, "m").exec(readFileSync(file, "utf8"))?.[1] ?? "";

/** The head as a crawler reads it, parsed with no help from the code that wrote it. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const attributes = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((match) => [match[1], decode(match[2] ?? "")]));
  const tags = [...head.matchAll(/<(meta|link)\b[^>]*>/g)].map((match) => ({ kind: match[1], ...attributes(match[0]) }) as Record<string, string>);
  const meta = (key: string) => tags.filter((tag) => tag.kind === "meta" && (tag.name === key || tag.property === key)).map((tag) => tag.content);
  const html_ = attributes(/<html\b[^>]*>/.exec(html)?.[0] ?? "");
  return {
    lang: html_.lang,
    dir: html_.dir,
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => decode(match[1] ?? "")),
    meta,
    canonical: tags.filter((tag) => tag.rel === "canonical").map((tag) => tag.href),
    alternates: Object.fromEntries(tags.filter((tag) => tag.rel === "alternate").map((tag) => [tag.hreflang, tag.href])),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => JSON.parse(match[1] ?? "null") as object[]) as Record<string, unknown>[],
    scripts: (head.match(/<script\b/g) ?? []).length,
  };
}

function decode(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

// What a search engine reads before any script runs: each page's head in the page's language.
describe.each(engines)("page heads on %s", (engine) => {
  let server: TestServer;
  let webRoot: string;
  let admin: TestUser;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), "dialwise-page-head-"));
    mkdirSync(path.join(webRoot, "assets"));
    writeFileSync(path.join(webRoot, "index.html"), INDEX);
    server = await startTestServer(engine, { PUBLIC_URL: ORIGIN, SUPPORT_EMAIL: "help@calls.example", RATE_LIMIT_PER_MINUTE: "100000" }, { webRoot });
    admin = await buildUser(server, { role: "admin" });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const response = await server.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(response.statusCode, url).toBe(200);
    return readHead(gunzipSync(response.rawPayload).toString("utf8"));
  };

  const expectShared = (head: ReturnType<typeof readHead>, language: string, page: string, ogLocale: string) => {
    expect(head.canonical).toEqual([`${ORIGIN}/${language}${page}`]);
    expect(Object.keys(head.alternates).sort()).toEqual([...LANGUAGES, "x-default"].sort());
    for (const other of LANGUAGES) expect(head.alternates[other]).toBe(`${ORIGIN}/${other}${page}`);
    expect(head.alternates["x-default"]).toBe(`${ORIGIN}/en${page}`);
    expect(head.meta("og:url")).toEqual([`${ORIGIN}/${language}${page}`]);
    expect(head.meta("og:locale")).toEqual([ogLocale]);
    expect(head.meta("og:image")).toHaveLength(1);
    expect(head.meta("og:image")[0]).toMatch(new RegExp(`^${ORIGIN}/og/[a-z-]+\\.png$`));
    expect(head.meta("og:image:width")).toEqual(["1200"]);
    expect(head.meta("og:image:height")).toEqual(["630"]);
    expect(head.meta("twitter:card")).toEqual(["summary"]);
    expect(head.meta("keywords")[0]).toBe(translation(language, "seo.keywords"));
    expect(head.meta("theme-color")).toHaveLength(1);
    expect(head.meta("robots")).toEqual([]);
    const organization = head.jsonLd.find((item) => item["@type"] === "Organization");
    expect(organization).toMatchObject({ name: "Dialwise", foundingDate: "2024", contactPoint: { contactType: "customer service", email: "help@calls.example" } });
    const website = head.jsonLd.find((item) => item["@type"] === "WebSite");
    expect(website).toMatchObject({ potentialAction: { "@type": "SearchAction", target: { urlTemplate: `${ORIGIN}/${language}/search?q={search_term_string}` } } });
  };

  it("writes the English home page's head", async () => {
    const head = await page("/en");
    expect(head.lang).toBe("en");
    expect(head.dir).toBe("ltr");
    expect(head.titles).toEqual(["Make International Calls at the Lowest Rates · Dialwise"]);
    expect(head.meta("description")).toEqual([translation("en", "seo.home.description")]);
    expectShared(head, "en", "", "en_US");
  });

  it("writes an Arabic country page right to left, with the price the countries list shows as its offer", async () => {
    const countries = await server.app.inject("/api/rates/countries");
    const india = countries.json<{ countries: { country_code: string; our_cheapest_rate: string }[] }>().countries.find((row) => row.country_code === "IN");
    expect(india).toBeDefined();
    const price = india?.our_cheapest_rate ?? "";
    const head = await page("/ar/country/in");
    expect(head.lang).toBe("ar");
    expect(head.dir).toBe("rtl");
    // Arabic words, India's Arabic name and the price at two decimals in Arabic digits (as the country page shows it).
    const shownPrice = new Intl.NumberFormat("ar", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(price)).replace(/\$/g, "$\u200e");
    const name = new Intl.DisplayNames(["ar"], { type: "region" }).of("IN") ?? "";
    expect(head.titles).toEqual([`مكالمات إلى ${name} بدءًا من ${shownPrice} للدقيقة · Dialwise`]);
    expect(head.meta("description")[0]).toContain(name);
    expect(head.meta("description")[0]).toContain(shownPrice);
    expectShared(head, "ar", "/country/in", "ar_SA");
    const offer = head.jsonLd.find((item) => item["@type"] === "Offer");
    expect(offer).toMatchObject({ priceCurrency: "USD", price });
  });

  it("writes the German countries page in German", async () => {
    const head = await page("/de/countries");
    expect(head.lang).toBe("de");
    expect(head.titles).toEqual(["Anruftarife nach Land · Dialwise"]);
    expect(head.meta("description")).toEqual([translation("de", "seo.countries.description")]);
    expectShared(head, "de", "/countries", "de_DE");
    expect(head.jsonLd.some((item) => item["@type"] === "Offer")).toBe(false);
  });

  it("writes a guide's head from its title and excerpt", async () => {
    const guide = path.join("data", "blog", "cheap-international-calls-guide", "en.md");
    const head = await page("/en/blog/cheap-international-calls-guide");
    expect(head.titles).toEqual([`${frontMatter(guide, "title")} · Dialwise`]);
    expect(head.meta("description")).toEqual([frontMatter(guide, "excerpt")]);
    expect(head.meta("og:type")).toEqual(["article"]);
    expectShared(head, "en", "/blog/cheap-international-calls-guide", "en_US");
  });

  it("keeps private pages out of search engines", async () => {
    const head = await page("/en/profile");
    expect(head.meta("robots")).toEqual(["noindex,nofollow"]);
  });

  it("names every private, admin and sign-in page as the page titles itself, in the page's language", async () => {
    // Each page's own title (what usePageTitle shows once a reader moves on), read from the translation files.
    const titleOf = (language: string, file: string, key: string) =>
      (JSON.parse(readFileSync(path.join("data", "translations", language, `${file}.json`), "utf8")) as Record<string, string>)[key];
    const pages: [string, string, string][] = [
      ["auth", "auth", "auth.page_title"],
      ["signup", "auth", "auth.page_title"],
      ["reset-password", "auth", "reset.title"],
      ["profile", "auth", "profile.title"],
      ["history", "history", "history.title"],
      ["phone", "buy", "buy.title"],
      ["local-checkout", "buy", "buy.checkout_title"],
      ["contacts", "contacts", "contacts.title"],
      ["payment-success", "buy", "buy.success_title"],
      ["payments", "buy", "buy.payments_title"],
      ["dashboard", "admin", "dashboard.title"],
      ["country-rates", "rates-admin", "admin_rates.title"],
      ["discounts", "discounts", "discounts.title"],
      ["admin-payments", "admin-payments", "admin_payments.title"],
      ["credit-audit", "credit-audit", "credit_audit.title"],
      ["calls", "admin-calls", "admin_calls.title"],
      ["users", "admin-users", "admin_users.title"],
      // A customer's page is titled as the list in its head (their email is not put there).
      ["users/:userId", "admin-users", "admin_users.title"],
      ["blogs", "blog", "blog.admin.page_title"],
      ["admin-support", "admin-support", "admin_support.title"],
      ["translations", "admin-translations", "admin_translations.title"],
    ];
    // A page added later must be named here too.
    expect(pages.map(([address]) => address)).toEqual(expect.arrayContaining([...CUSTOMER_PAGE_PATHS, ...ADMIN_PAGE_PATHS]));
    for (const language of ["en", "ar"]) {
      for (const [address, file, key] of pages) {
        const title = titleOf(language, file, key);
        expect(title, `${language} ${key}`).toBeTruthy();
        const head = await page(`/${language}/${address}`);
        expect(head.lang).toBe(language);
        expect(head.titles, `/${language}/${address}`).toEqual([`${title} · Dialwise`]);
      }
    }
  });

  it("escapes a post's words wherever the head repeats them", async () => {
    const title = `Calls </script><script>alert("x")</script> & 'quotes'`;
    const excerpt = `An "excerpt" with <b>tags</b> and </script>`;
    const slug = `hostile-${engine}`;
    const send = (url: string, payload: object) => server.app.inject({ method: "POST", url, headers: { cookie: admin.cookie }, payload });
    const created = await send("/api/admin/blog/posts", { slug, language: "en", title, excerpt, body: "Text.", cover: null });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ post: { id: string } }>().post.id;
    expect((await send(`/api/admin/blog/posts/${id}/publish`, {})).statusCode).toBe(200);

    // Each instance learns of the publication from the event bus (PostgreSQL's NOTIFY arrives a moment later).
    const response = await eventually(() => server.app.inject(`/en/blog/${slug}`), (answer) => answer.statusCode === 200);
    const html = response.body;
    // One script element in the head (the JSON-LD), never one the title opened.
    expect(html).not.toContain("<script>alert");
    const head = readHead(html);
    expect(head.scripts).toBe(1);
    expect(head.titles).toEqual([`${title} · Dialwise`]);
    expect(head.meta("description")).toEqual([excerpt]);
    expect(head.meta("og:title")).toEqual([`${title} · Dialwise`]);
    expect(html).toContain("\\u003c/script\\u003e");
    // The structured data still says exactly what the admin wrote.
    expect(head.jsonLd.find((item) => item["@type"] === "BlogPosting")).toMatchObject({ headline: title, description: excerpt });
  });

  it("points every page at an image that is a 1200×630 PNG", () => {
    for (const kind of OG_IMAGE_KINDS) {
      const png = readFileSync(path.join("src", "web", "public", "og", `${kind}.png`));
      expect(png.subarray(1, 4).toString("latin1"), kind).toBe("PNG");
      // The IHDR chunk: width and height, big-endian, after the 8-byte signature and the chunk's length and type.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], kind).toEqual([1200, 630]);
    }
  });
});
