import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost, BlogPostSummary } from "../../../shared/api/blog";
import { LOCALES } from "../../../shared/i18n/locales";
import { SEED_DIR } from "../../app";
import { engines } from "../../test/engines";
import { startTestServer, type TestServer } from "../../test/test-server";
import { readShippedGuides } from "./seed";

const GUIDES = [
  "cheap-international-calls-guide",
  "how-to-call-india",
  "how-to-call-mexico",
  "how-to-call-the-philippines",
  "save-money-on-international-calls",
  "calling-from-your-browser",
];

// Which languages each guide ships in, read from data/blog as the seeder reads it.
const shipped = readShippedGuides(path.join(SEED_DIR, "blog"));
const shipsIn = (slug: string, lang: string) => shipped.some((guide) => guide.slug === slug && guide.language === lang);

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

  it("ships the cheap calls guide in every language", () => {
    for (const lang of LOCALES) expect(shipsIn("cheap-international-calls-guide", lang), lang).toBe(true);
  });

  it.each(LOCALES)("shows each guide in %s when it ships in it, and in English marked as such otherwise", async (lang) => {
    const posts = await list(lang);
    expect(posts.map((post) => post.slug).sort()).toEqual([...GUIDES].sort());
    const english = await list("en");
    for (const slug of GUIDES) {
      const own = shipsIn(slug, lang);
      const summary = posts.find((post) => post.slug === slug);
      expect(summary?.language, slug).toBe(own ? lang : "en");
      // A translation keeps the English guide's date, so the list keeps the same order in every language.
      expect(summary?.publishedAt, slug).toBe(english.find((post) => post.slug === slug)?.publishedAt);
      const guide = await read(slug, lang);
      expect(guide, slug).toMatchObject({ language: own ? lang : "en", fallback: !own });
      // Links inside a guide stay in the reader's language, and no guide names a price of its own.
      expect(guide.body, slug).toMatch(new RegExp(`\\]\\(/${guide.language}/`));
      if (guide.language !== "en") expect(guide.body, slug).not.toContain("](/en/");
      expect(guide.body, slug).not.toMatch(/\$\s?\d|\d\s?¢/);
    }
  });
});
