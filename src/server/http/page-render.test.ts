import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../test/engines";
import { eventually } from "../test/eventually";
import { buildUser } from "../test/factories";
import { startTestServer, type TestServer } from "../test/test-server";
import { carriesSessionCookie, publicPageLanguage } from "./page-render";

// Shaped like the built index.html: an empty root the server fills for public pages.
const INDEX = `<!doctype html>
<html lang="en" dir="ltr">
  <head><meta charset="UTF-8" /><title>Dialwise</title></head>
  <body><div id="root"></div><script type="module" src="/assets/app.js"></script></body>
</html>`;
// The web app's render module, from source: what `npm run build` bundles into dist/ssr.
const RENDER_MODULE = path.resolve("src/web/ssr/render-page.tsx");
const strings = (language: string, file: string) => JSON.parse(readFileSync(path.join("data", "translations", language, `${file}.json`), "utf8")) as Record<string, string>;

/** What a client without JavaScript reads: the root element's HTML; and the state handed to the browser, in the page or (a visitor's page) asked for apart. */
function readPage(html: string, askedState?: string) {
  const root = /<div id="root"[^>]*>([\s\S]*?)<\/div><script type="module"/.exec(html)?.[1] ?? "";
  const state = /<script type="application\/json" id="dw-ssr">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? askedState;
  const text = root.replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/\s+/g, " ");
  const headings = [...root.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => (match[1] ?? "").replace(/<[^>]+>/g, "").trim());
  return { root, text, headings, state: state === undefined ? undefined : (JSON.parse(state) as { language: string; session?: unknown; strings: Record<string, string>; english: Record<string, string>; queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } }) };
}

describe("public page addresses", () => {
  it("names the language of public pages only", () => {
    expect(publicPageLanguage("/en")).toBe("en");
    expect(publicPageLanguage("/ar/country/in")).toBe("ar");
    expect(publicPageLanguage("/de/blog/how-to-call-india")).toBe("de");
    expect(publicPageLanguage("/en/profile")).toBeNull();
    expect(publicPageLanguage("/en/dashboard")).toBeNull();
    expect(publicPageLanguage("/xx/faq")).toBeNull();
    expect(publicPageLanguage("/en/faq/extra")).toBeNull();
  });
});

describe("the session cookie in a Cookie header", () => {
  it("is found however the header spaces it, as better-auth reads it", () => {
    for (const header of ["dialwise.session_token=abc", "theme=dark; dialwise.session_token =abc", "\t__Secure-dialwise.session_token\t= abc", "a=1;dialwise.session_token="]) {
      expect(carriesSessionCookie(header), header).toBe(true);
    }
  });

  it("is not found in other cookies' names or values", () => {
    for (const header of [undefined, "", "dialwise.session_tokens=abc", "my-dialwise.session_token=abc", "theme=dialwise.session_token=abc", "dialwise.session_token"]) {
      expect(carriesSessionCookie(header), String(header)).toBe(false);
    }
  });
});

// The page a person (or a crawler) gets before any script runs holds the page itself.
describe.each(engines)("pages rendered on the server on %s", (engine) => {
  let server: TestServer;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), "dialwise-page-render-"));
    mkdirSync(path.join(webRoot, "assets"));
    writeFileSync(path.join(webRoot, "index.html"), INDEX);
    // Two renders at a time, as the concurrency test below expects; pages unlimited per address here.
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000", PAGE_RATE_LIMIT_PER_MINUTE: "100000", PAGE_RENDER_CONCURRENCY: "2" }, { webRoot, ssrEntry: RENDER_MODULE });
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  /** The page's state as its app asks for it at a visitor's first use (decision 051). */
  const askState = (url: string, headers: Record<string, string> = {}) => server.app.inject({ url: `/api/page-state?page=${encodeURIComponent(url)}`, headers });
  /** A public page as a browser gets it: its HTML and, for a visitor's page, the state its app asks for. */
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await server.app.inject({ url, headers });
    const waitsForUse = response.body.includes('<div id="root" data-app-start="first-use">');
    return { status: response.statusCode, body: response.body, page: readPage(response.body, waitsForUse ? (await askState(url, headers)).body : undefined) };
  };

  it("writes the home page in its language, with the strings and answers the browser takes over", async () => {
    const { status, page } = await get("/en");
    expect(status).toBe(200);
    expect(page.headings).toEqual([strings("en", "core")["hero.title"]]);
    expect(page.state?.language).toBe("en");
    expect(page.state?.strings["hero.title"]).toBe(strings("en", "core")["hero.title"]);
    // English pages carry their strings once.
    expect(page.state?.english).toEqual({});
  });

  it("sends the language's startup strings with the page, so the browser loads the rest without re-rendering", async () => {
    const { page } = await get("/ar/country/in");
    const arabic = { ...strings("ar", "core"), ...strings("ar", "auth") };
    // An error message and a sign-in label the country page does not show, in the page's language and in English.
    for (const key of ["errors.network_error", "auth.tab_login"]) {
      expect(arabic[key], key).toBeTruthy();
      expect(page.state?.strings[key]).toBe(arabic[key]);
      expect(page.state?.english[key]).toBe({ ...strings("en", "core"), ...strings("en", "auth") }[key]);
    }
  });

  it("writes a country page in Arabic from the same rates answer the API gives", async () => {
    const { status, page } = await get("/ar/country/in");
    expect(status).toBe(200);
    expect(page.state?.language).toBe("ar");
    const india = (await server.app.inject({ url: "/api/rates/countries/IN" })).json<unknown>();
    const shown = page.state?.queries.queries.map((query) => query.state.data);
    expect(shown).toContainEqual(india);
    // The page's heading, in Arabic, names India as the page's own country names do.
    const heading = strings("ar", "rates")["country_page.heading"] ?? "";
    expect(page.headings).toHaveLength(1);
    expect(page.headings[0]).toMatch(new RegExp(`^${heading.split("{{country}}")[0]}`));
    expect(page.text).toContain(new Intl.DisplayNames(["ar"], { type: "region" }).of("IN"));
  });

  it("leaves private pages and unknown addresses to the browser", async () => {
    const profile = await get("/en/profile");
    expect(profile.status).toBe(200);
    expect(profile.page.root).toBe("");
    expect(profile.page.state).toBeUndefined();
    const unknown = await get("/en/no-such-page");
    expect(unknown.status).toBe(404);
    expect(unknown.page.state).toBeUndefined();
  });

  it("renders two visitors' pages side by side, each with its own language and data", async () => {
    // Two visitors' renders run side by side; each sees its own page.
    const [search, faq] = await Promise.all([get("/en/search?q=1876"), get("/de/faq")]);
    expect(search.page.text).toContain("Jamaica");
    expect(faq.page.state?.language).toBe("de");
    expect(faq.page.headings).toEqual([strings("de", "faq")["faq.heading"]]);
  });

  it("renders a visitor's page again once what it shows changes, on any instance", async () => {
    const before = await get("/en/blogs-guides");
    expect(before.page.text).not.toContain("Calling the islands cheaply");
    // The same page again is the same HTML and state: kept, not rendered anew (its state's answers carry the time they were fetched).
    expect((await server.app.inject({ url: "/en/blogs-guides" })).body).toBe((await server.app.inject({ url: "/en/blogs-guides" })).body);
    expect((await askState("/en/blogs-guides")).body).toBe((await askState("/en/blogs-guides")).body);

    const admin = await buildUser(server, { role: "admin" });
    const created = await server.app.inject({
      method: "POST",
      url: "/api/admin/blog/posts",
      headers: { cookie: admin.cookie },
      payload: { slug: `islands-${engine}`, language: "en", title: "Calling the islands cheaply", excerpt: "Island numbers.", body: "## Islands\n\nText.", cover: null },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ post: { id: string } }>().post.id;
    expect((await server.app.inject({ method: "POST", url: `/api/admin/blog/posts/${id}/publish`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    // The posts reload through the event bus, as every instance's do.
    const after = await eventually(
      async () => (await get("/en/blogs-guides")).page.text,
      (text) => text.includes("Calling the islands cheaply"),
    );
    expect(after).toContain("Calling the islands cheaply");
  });

  it("renders a signed-in customer's page for them, with who they are but never their session's token", async () => {
    const customer = await buildUser(server);
    const response = await server.app.inject({ url: "/en", headers: { cookie: customer.cookie } });
    const page = readPage(response.body);
    expect(page.state).toMatchObject({ session: { user: { id: customer.id, email: customer.email } } });
    // The signed-in home: its balance card, read through the customer's own account requests.
    expect(page.root).toContain(strings("en", "home")["index.balance.heading"]);
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(customer.cookie)?.[1] ?? "").split(".")[0] ?? "";
    expect(token.length).toBeGreaterThan(10);
    expect(response.body).not.toContain(token);
    // A visitor without the cookie gets the visitor's page, not the customer's.
    const visitor = (await get("/en")).page;
    expect(visitor.state?.session).toBeNull();
    expect(visitor.root).not.toContain(strings("en", "home")["index.balance.heading"]);
  });

  it("never keeps a page rendered for someone signed in, however their cookie header is written", async () => {
    // better-auth reads a cookie name with spaces around it; a page it renders for that session is
    // that customer's, and must never become the page every visitor is sent.
    const customer = await buildUser(server);
    const value = customer.cookie.slice(customer.cookie.indexOf("=") + 1).split(";")[0] ?? "";
    const name = customer.cookie.slice(0, customer.cookie.indexOf("="));
    const variants = [
      { cookie: `${name} =${value}`, page: "/sv/faq", state: "/sv/support" },
      { cookie: `theme=dark;  ${name}\t= ${value}`, page: "/pt/faq", state: "/pt/support" },
    ];
    for (const { cookie, page, state } of variants) {
      // The customer's own page and state, rendered first at addresses no one has asked for yet.
      const theirs = readPage((await server.app.inject({ url: page, headers: { cookie } })).body);
      expect(theirs.state, cookie).toMatchObject({ session: { user: { email: customer.email } } });
      expect((await askState(state, { cookie })).json(), cookie).toMatchObject({ session: { user: { email: customer.email } } });
      // Then a visitor, at both.
      for (const url of [page, state]) {
        const visitor = await get(url);
        expect(visitor.body, url).not.toContain(customer.email);
        expect(visitor.page.state?.session, url).toBeNull();
        expect((await askState(url)).body, url).not.toContain(customer.email);
      }
    }
  });

  it("lets a visitor's page start its app at their first use, and a signed-in customer's at once", async () => {
    // The customer's page keeps their balance live and rings for their calls: it must run without being touched (decision 051).
    const customer = await buildUser(server);
    const rootTag = (body: string) => /<div id="root"[^>]*>/.exec(body)?.[0];
    expect(rootTag((await server.app.inject({ url: "/en", headers: { cookie: customer.cookie } })).body)).toBe('<div id="root">');
    for (const url of ["/en", "/ar/country/in", "/fr/faq"]) expect(rootTag((await server.app.inject({ url })).body), url).toBe('<div id="root" data-app-start="first-use">');
  });

  it("sends a visitor's page without its state, which its app then asks for: the state of that very render", async () => {
    const page = await server.app.inject({ url: "/de/country/fr?utm_source=state" });
    // Most of a page's bytes were its state; a visitor's page goes out without them.
    expect(page.body).not.toContain('id="dw-ssr"');
    const asked = await askState("/de/country/fr?utm_source=state");
    expect(asked.statusCode).toBe(200);
    expect(asked.headers["cache-control"]).toBe("no-store");
    const state = asked.json<{ language: string; session: unknown; queries: { queries: { queryKey: unknown[]; state: { dataUpdatedAt: number } }[] } }>();
    expect(state).toMatchObject({ language: "de", session: null });
    // The same render the page came from (kept), not a new one: its answers were fetched no later than the page went out.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await askState("/de/country/fr")).body).toBe(asked.body);
    // A signed-in customer's page carries its state, since its app starts at once.
    const customer = await buildUser(server);
    expect((await server.app.inject({ url: "/de/country/fr", headers: { cookie: customer.cookie } })).body).toContain('id="dw-ssr"');
  });

  it("answers the state of public pages only, and refuses an address that is not a path", async () => {
    expect((await askState("/en/profile")).statusCode).toBe(404);
    // Addresses shaped like public pages that the site does not have: 404 as the pages are, never rendered and kept.
    expect((await askState("/en/country/zz")).statusCode).toBe(404);
    expect((await askState("/en/blog/no-such-post-anywhere")).statusCode).toBe(404);
    expect((await server.app.inject({ url: "/en/country/zz" })).statusCode).toBe(404);
    expect((await askState("//evil.example/en")).statusCode).toBe(404);
    expect((await server.app.inject({ url: `/api/page-state?page=${encodeURIComponent("https://evil.example/en")}` })).statusCode).toBe(400);
    expect((await server.app.inject({ url: "/api/page-state" })).statusCode).toBe(400);
  });

  it("renders a page once for every address that differs only in parameters the page does not read", async () => {
    // A flood's addresses: campaign tags, click ids and anything else a visitor can make unique.
    const first = await get("/en/country/uk?utm_source=flood-1");
    expect(first.status).toBe(200);
    expect(first.page.state?.language).toBe("en");
    const firstState = JSON.stringify(first.page.state);
    for (const query of ["utm_source=flood-2&utm_medium=x", "gclid=abc", "fbclid=def", "cachebuster=3", "utm_campaign=y&q=ignored", ""]) {
      // A render made later carries a later fetch time in its answers (its state): a page rendered anew would differ.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const again = await get(query === "" ? "/en/country/uk" : `/en/country/uk?${query}`);
      expect(again.body === first.body && JSON.stringify(again.page.state) === firstState, `${query}: rendered anew`).toBe(true);
    }
  });

  it("still renders what a page reads from its address: the search's q, whatever else the address carries", async () => {
    const jamaica = readPage((await server.app.inject({ url: "/en/search?utm_source=mail&q=1876&gclid=1" })).body);
    expect(jamaica.text).toContain("Jamaica");
    const india = readPage((await server.app.inject({ url: "/en/search?q=india&fbclid=2" })).body);
    expect(india.text).toContain("India");
    expect(india.text).not.toContain("Jamaica");
  });

  it("renders at most two pages at once; the others go out at once as the shell the browser renders", async () => {
    // Searches nobody asked before, all at the same moment: none of them can come from a cache.
    const queries = ["jam", "ind", "swe", "fra", "ger", "spa", "bra", "chi"].map((word) => `${word}-${engine}`);
    const answers = await Promise.all(queries.map((query) => server.app.inject({ url: `/en/search?q=${query}` })));
    const rendered = answers.filter((answer) => readPage(answer.body).root !== "");
    expect(rendered.length).toBeGreaterThanOrEqual(1);
    expect(rendered.length).toBeLessThanOrEqual(2);
    for (const answer of answers) {
      // Every one is the search page with its own head, rendered or not.
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain(`<title>${strings("en", "seo")["seo.search.title"]} · `);
      expect(answer.body).toMatch(/<div id="root"( data-app-start="first-use")?>/);
    }
    // The slots come back: a page asked alone afterwards is rendered.
    expect((await get(`/en/search?q=after-${engine}`)).page.state).toBeDefined();
  });

  it("asks a browser to come back in a moment for a state while every render slot is taken", async () => {
    const queries = ["nor", "den", "ita", "por", "pol", "aus", "can", "mex"].map((word) => `${word}-state-${engine}`);
    const answers = await Promise.all(queries.map((query) => askState(`/en/search?q=${query}`)));
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(busy.length).toBeGreaterThanOrEqual(queries.length - 2);
    for (const answer of busy) {
      expect(answer.headers["retry-after"]).toBe("2");
      expect(answer.json()).toMatchObject({ error: { code: "service_unavailable" } });
    }
  });
});
