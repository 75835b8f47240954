import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { createVerifiedUser, signIn } from "./support/accounts";

// What a crawler or a browser without scripts reads. Expected words come from the shipped files, not from the code that renders them.
const strings = (language: string, file: string) =>
  JSON.parse(readFileSync(new URL(`../data/translations/${language}/${file}.json`, import.meta.url), "utf8")) as Record<string, string>;
const guideTitle = /^title: (.*)$/m.exec(readFileSync(new URL("../data/blog/cheap-international-calls-guide/en.md", import.meta.url), "utf8"))?.[1] ?? "";
const LANGUAGES = ["en", "sv", "ar", "zh", "fr", "de", "es", "hi", "ru", "pt"];

/** The parts of a page's HTML a crawler reads, parsed by hand. */
function readHtml(html: string) {
  const text = (fragment: string) => fragment.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").replace(/&#x27;/g, "'").trim();
  const root = html.slice(html.indexOf('<div id="root"'), html.indexOf("</body>"));
  return {
    h1: [...root.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => text(match[1] ?? "")),
    title: text(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? ""),
    canonical: [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((match) => match[1]),
    alternates: [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((match) => match[1]),
    ogTitle: /<meta property="og:title" content="([^"]+)"/.exec(html)?.[1],
    ogImage: /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1],
    jsonLdTypes: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) =>
      (JSON.parse(match[1] ?? "[]") as { "@type": string }[]).map((entry) => entry["@type"]),
    ),
  };
}

const PAGES = [
  { url: "/en", heading: strings("en", "core")["hero.title"] ?? "", types: ["Organization", "WebSite"] },
  { url: "/ar/country/in", heading: (strings("ar", "rates")["country_page.heading"] ?? "").replace("{{country}}", "الهند"), types: ["Organization", "WebSite", "Offer"] },
  { url: "/en/blog/cheap-international-calls-guide", heading: guideTitle, types: ["Organization", "WebSite", "BlogPosting"] },
];

for (const { url, heading, types } of PAGES) {
  test(`a plain HTTP client reads ${url} whole: heading, title, canonical, alternates, Open Graph and JSON-LD`, async ({ request, baseURL }) => {
    const response = await request.get(url, { headers: { "accept-encoding": "gzip" } });
    expect(response.status()).toBe(200);
    const page = readHtml(await response.text());
    expect(page.h1).toEqual([heading]);
    expect(page.title.length).toBeGreaterThan(0);
    expect(page.canonical).toEqual([`${baseURL}${url}`]);
    expect(page.alternates.sort()).toEqual([...LANGUAGES, "x-default"].sort());
    expect(page.ogTitle).toBeTruthy();
    expect(page.ogImage).toMatch(/\.png$/);
    for (const type of types) expect(page.jsonLdTypes).toContain(type);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor sees a country page in Arabic, right to left, with its price", async ({ page }) => {
    await page.goto("/ar/country/in");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES[1]?.heading ?? "");
    await expect(page.getByRole("main")).toContainText("$");
  });

  test("a visitor reads a guide and the FAQ", async ({ page }) => {
    await page.goto("/en/blog/cheap-international-calls-guide");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(guideTitle);
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await page.goto("/de/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(strings("de", "faq")["faq.heading"] ?? "");
  });
});

test("the browser takes over server-rendered pages without re-rendering them, and they respond", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${page.url()}: ${message.text()}`);
  });
  for (const url of ["/en", "/ar/country/in", "/en/blog/cheap-international-calls-guide", "/de/faq", "/ru/countries", "/zh/search?q=1876", "/hi/terms", "/en/blogs-guides"]) {
    await page.goto(url, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(problems).toEqual([]);

  // Hydrated, the countries page filters as the visitor types.
  await page.goto("/en/countries", { waitUntil: "networkidle" });
  await page.getByRole("searchbox").fill("jamaica");
  await expect(page.getByRole("main").getByRole("link", { name: /Jamaica/ })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /Germany/ })).toHaveCount(0);
});

test("a server-rendered page shows before the app runs, and the app takes it over without asking again for what the page brought", async ({ page }) => {
  const apiRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) apiRequests.push(url.pathname);
  });
  await page.goto("/en", { waitUntil: "networkidle" });
  const timing = await page.evaluate(() => ({
    contentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    appStart: performance.getEntriesByName("app-start")[0]?.startTime ?? null,
  }));
  expect(timing.contentfulPaint).not.toBeNull();
  expect(timing.appStart).not.toBeNull();
  expect(timing.contentfulPaint ?? Infinity).toBeLessThanOrEqual(timing.appStart ?? -Infinity);
  // The rates and site answers came in the page's state, asked for once at the visitor's first use (decision 051); better-auth
  // still checks the session, and the rest of the strings load when idle. Nothing the page showed is fetched again.
  expect(apiRequests.filter((path) => path === "/api/page-state")).toEqual(["/api/page-state"]);
  expect(apiRequests.filter((path) => !path.startsWith("/api/auth/get-session") && !path.startsWith("/api/i18n/") && path !== "/api/page-state")).toEqual([]);
});

test("a country page in another language asks only for the rest of its own language's strings: English, its fallback, came with it", async ({ page }) => {
  const translationRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/i18n/")) translationRequests.push(`${url.pathname} exclude=${url.searchParams.get("exclude")}`);
  });
  await page.goto("/ar/country/in", { waitUntil: "networkidle" });
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  // Strings that arrive after the page is taken over would render the whole page again; the idle load of the rest is silent.
  await expect.poll(() => translationRequests).toContain("/api/i18n/ar exclude=true");
  await page.waitForLoadState("networkidle");
  expect(translationRequests).toEqual(["/api/i18n/ar exclude=true"]);
});

test("a signed-in customer's page arrives as theirs: their home with the balance card, in the HTML and after it is taken over", async ({ page, server }) => {
  const customer = await createVerifiedUser(page.request, server);
  await signIn(page.request, server, customer);
  const html = await (await page.request.get("/en")).text();
  expect(html).toContain(strings("en", "home")["index.balance.heading"]);

  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.goto("/en", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { name: strings("en", "home")["index.balance.heading"] })).toBeVisible();
  expect(problems).toEqual([]);
});
