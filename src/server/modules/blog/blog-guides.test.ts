import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost, BlogPostSummary } from "../../../shared/api/blog";
import { LOCALES } from "../../../shared/i18n/locales";
import { engines } from "../../test/engines";
import { startTestServer, type TestServer } from "../../test/test-server";

const GUIDES = [
  "cheap-international-calls-guide",
  "how-to-call-india",
  "how-to-call-mexico",
  "how-to-call-the-philippines",
  "save-money-on-international-calls",
  "calling-from-your-browser",
];

/** The languages every guide is written in; in the others, the guides other than the cheap calls guide fall back to English. */
const WRITTEN_IN_FULL = ["en", "es", "pt", "ru"];
const TRANSLATED = WRITTEN_IN_FULL.filter((lang) => lang !== "en").flatMap((lang) => GUIDES.map((slug) => [slug, lang] as const));

/** The guides shipped with the product: published on first start, the main one in every language. */
describe.each(engines)("shipped guides on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const list = async (lang: string) => (await server.app.inject(`/api/blog/posts?lang=${lang}`)).json<{ posts: BlogPostSummary[] }>().posts;
  const read = async (slug: string, lang: string) => (await server.app.inject(`/api/blog/posts/${slug}?lang=${lang}`)).json<{ post: BlogPost }>().post;

  it("lists the six guides in English, newest first", async () => {
    const posts = await list("en");
    expect(posts.map((post) => post.slug).sort()).toEqual([...GUIDES].sort());
    expect(posts[0]?.slug).toBe("calling-from-your-browser");
    expect(posts.every((post) => post.language === "en")).toBe(true);
  });

  it.each(LOCALES)("shows the cheap calls guide in %s, and the others in it or in English marked as such", async (lang) => {
    const posts = await list(lang);
    expect(posts).toHaveLength(GUIDES.length);
    expect(posts.find((post) => post.slug === "cheap-international-calls-guide")?.language).toBe(lang);
    const others = WRITTEN_IN_FULL.includes(lang) ? lang : "en";
    expect(posts.filter((post) => post.slug !== "cheap-international-calls-guide").every((post) => post.language === others)).toBe(true);
    const guide = await read("cheap-international-calls-guide", lang);
    expect(guide).toMatchObject({ language: lang, fallback: false });
    // Links inside the guide stay in the reader's language, and it names no price of its own.
    expect(guide.body).toContain(`](/${lang}/country/in)`);
    expect(guide.body).not.toMatch(/\$\s?\d|\d\s?¢/);
  });

  it("shows an English-only guide in English to a reader of another language, saying so", async () => {
    expect(await read("how-to-call-india", "hi")).toMatchObject({ language: "en", fallback: true, title: "How to call India from abroad" });
  });

  it.each(TRANSLATED)("shows %s in %s, its links staying in that language", async (slug, lang) => {
    const guide = await read(slug, lang);
    expect(guide).toMatchObject({ language: lang, fallback: false });
    const links = [...guide.body.matchAll(/\]\((\/[^)]*)\)/g)].map((match) => match[1]);
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link?.startsWith(`/${lang}/`))).toBe(true);
  });
});
