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

<<<<<<< HEAD
// Which languages each guide ships in, read from data/blog as the seeder reads it.
const shipped = readShippedGuides(path.join(SEED_DIR, "blog"));
const shipsIn = (slug: string, lang: string) => shipped.some((guide) => guide.slug === slug && guide.language === lang);
=======
// Which guide is written in which language follows the files in data/blog, so a new translation needs no change here.
const shipped = readShippedGuides(path.join(SEED_DIR, "blog"));
const english = new Map(shipped.filter((guide) => guide.language === "en").map((guide) => [guide.slug, guide]));
const translations = shipped.filter((guide) => guide.language !== "en");
const isWritten = (slug: string, lang: string) => shipped.some((guide) => guide.slug === slug && guide.language === lang);
const missing = LOCALES.flatMap((lang) => GUIDES.filter((slug) => !isWritten(slug, lang)).map((slug) => [slug, lang] as const));

const linksOf = (body: string) => [...body.matchAll(/\]\((\/[^)]*)\)/g)].map((match) => match[1] ?? "").sort();
// The dialled forms of the examples (+91 98765 43210, +52 1 …): a translation keeps every one with the same digits.
const phoneNumbersOf = (body: string) => [...body.matchAll(/\+\d[\d ]*\d|\+\d/g)].map((match) => match[0]).sort();

describe("shipped translations of the guides", () => {
  it("are all of guides that exist in English", () => {
    expect([...english.keys()].sort()).toEqual([...GUIDES].sort());
    expect(translations.every((guide) => english.has(guide.slug))).toBe(true);
  });

  it.each(translations.map((guide) => [guide.slug, guide.language, guide] as const))("%s in %s keeps the English guide's date, links and phone numbers", (slug, lang, guide) => {
    const original = english.get(slug);
    expect(guide.publishedAt).toEqual(original?.publishedAt);
    expect(linksOf(guide.body)).toEqual(linksOf(original?.body ?? "").map((link) => link.replace(/^\/en\//, `/${lang}/`)));
    expect(phoneNumbersOf(guide.body)).toEqual(phoneNumbersOf(original?.body ?? ""));
    expect(guide.body.match(/^#+ /gm)).toEqual(original?.body.match(/^#+ /gm));
  });
});
>>>>>>> i12-g1

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

<<<<<<< HEAD
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
=======
  it.each(LOCALES)("shows the cheap calls guide in %s, and each other guide in it where written, else in English", async (lang) => {
    const posts = await list(lang);
    expect(posts).toHaveLength(GUIDES.length);
    expect(posts.find((post) => post.slug === "cheap-international-calls-guide")?.language).toBe(lang);
    for (const post of posts) expect(post.language, post.slug).toBe(isWritten(post.slug, lang) ? lang : "en");
    const guide = await read("cheap-international-calls-guide", lang);
    expect(guide).toMatchObject({ language: lang, fallback: false });
    // Links inside the guide stay in the reader's language, and it names no price of its own.
    expect(guide.body).toContain(`](/${lang}/country/in)`);
    expect(guide.body).not.toMatch(/\$\s?\d|\d\s?¢/);
  });

  it.each(translations.map((guide) => [guide.slug, guide.language] as const))("serves %s in %s as written, naming no price", async (slug, lang) => {
    const guide = await read(slug, lang);
    expect(guide).toMatchObject({ slug, language: lang, fallback: false });
    expect(guide.body).not.toMatch(/\$\s?\d|\d\s?¢/);
  });

  it("shows a guide in English to a reader of a language it is not written in, saying so", async () => {
    for (const [slug, lang] of missing) {
      expect(await read(slug, lang)).toMatchObject({ slug, language: "en", fallback: true, title: english.get(slug)?.title });
>>>>>>> i12-g1
    }
  });
});
