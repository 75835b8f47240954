import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminBlogPost } from "../../../shared/api/blog";
import { searchResultsSchema, type SearchResults } from "../../../shared/api/search";
import { FAQ_ENTRIES } from "../../../shared/content/faq-entries";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";

/** The site search's guides and FAQ, over the guides shipped in data/blog and the FAQ's shipped translations. */
describe.each(engines)("site search over guides and the FAQ on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
    admin = await buildUser(server, { role: "admin" });
  });
  afterAll(() => server.close());

  const search = async (q: string, lang = "en"): Promise<SearchResults> => {
    const response = await server.app.inject({ method: "GET", url: "/api/search", query: { q, lang } });
    expect([q, response.statusCode]).toEqual([q, 200]);
    return searchResultsSchema.strict().parse(response.json());
  };
  const slugs = async (q: string, lang = "en") => (await search(q, lang)).posts.map((hit) => hit.slug);
  const faqIds = async (q: string, lang = "en") => (await search(q, lang)).faq.map((hit) => hit.id);
  const admins = (method: "POST" | "PUT", url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload === undefined ? {} : { payload }) });

  it("finds a guide by a word of its title, before guides that have the word only in their excerpt, before those with it only in the body", async () => {
    const found = await slugs("browser");
    // "Calling from your browser…" has it in the title; four guides' excerpts end "…from your browser", newest first.
    expect(found.slice(0, 5)).toEqual(["calling-from-your-browser", "how-to-call-the-philippines", "how-to-call-mexico", "how-to-call-india", "cheap-international-calls-guide"]);
    // The last one has it in its body only.
    expect(found.slice(5)).toEqual(["save-money-on-international-calls"]);
    const hit = (await search("browser")).posts[0];
    expect(hit).toEqual({
      slug: "calling-from-your-browser",
      title: "Calling from your browser: microphone, headset and call quality tips",
      excerpt: "How to set up your microphone, which headset to use, and what to check when a browser call sounds choppy or has echo.",
      language: "en",
    });
  });

  it("needs every word somewhere, and ranks the guide with both in its title first", async () => {
    expect((await slugs("call mexico"))[0]).toBe("how-to-call-mexico");
    expect(await slugs("mexico zzzqqq")).toEqual([]);
  });

  it("ignores case and accents, in the page's language", async () => {
    // The German version's title is "So telefonieren Sie günstig ins Ausland".
    const german = await search("GUNSTIG", "de");
    expect(german.posts.map((hit) => [hit.slug, hit.language])).toContainEqual(["cheap-international-calls-guide", "de"]);
    expect((await search("günstig", "de")).posts).toEqual(german.posts);
  });

  it("offers English guides that have no version in the language, marked English, and never both versions of one guide", async () => {
    // Every shipped guide is in Swedish; a post an admin writes in English only is offered in English.
    const created = await admins("POST", "/api/admin/blog/posts", {
      slug: `tonga-${engine}`,
      language: "en",
      title: "Calling Tonga from abroad",
      excerpt: "Island numbers.",
      body: "Text.",
      cover: null,
    });
    expect(created.statusCode).toBe(201);
    expect((await admins("POST", `/api/admin/blog/posts/${created.json<{ post: AdminBlogPost }>().post.id}/publish`)).statusCode).toBe(200);
    await expect.poll(async () => (await search("tonga", "sv")).posts[0]).toMatchObject({ slug: `tonga-${engine}`, language: "en" });
    expect((await search("indien", "sv")).posts[0]).toMatchObject({ slug: "how-to-call-india", language: "sv" });
    // The cheap-calls guide has a Swedish version: it is offered in Swedish, once, by its Swedish words and not its English ones.
    const cheap = (await search("billiga utlandssamtal", "sv")).posts;
    expect(cheap[0]).toMatchObject({ slug: "cheap-international-calls-guide", language: "sv", title: "Så ringer du billiga utlandssamtal" });
    expect(cheap.filter((post) => post.slug === "cheap-international-calls-guide")).toHaveLength(1);
    expect(await slugs("cheap international calls", "sv")).not.toContain("cheap-international-calls-guide");
  });

  it("shows the part of the body a word was found in when the title and excerpt lack it", async () => {
    // Kerala is named only in the India guide's body.
    const [hit] = (await search("kerala")).posts;
    expect(hit?.slug).toBe("how-to-call-india");
    expect(hit?.excerpt).toMatch(/Kerala/);
    expect(hit?.excerpt).not.toContain("**");
  });

  it("finds a post once it is published and forgets it once it is not", async () => {
    const created = await admins("POST", "/api/admin/blog/posts", {
      slug: `zanzibar-${engine}`,
      language: "en",
      title: "Calling Zanzibar from abroad",
      excerpt: "Numbers on the islands.",
      body: "Text.",
      cover: null,
    });
    expect(created.statusCode).toBe(201);
    const post = created.json<{ post: AdminBlogPost }>().post;
    expect(await slugs("zanzibar")).toEqual([]);
    expect((await admins("POST", `/api/admin/blog/posts/${post.id}/publish`)).statusCode).toBe(200);
    await expect.poll(() => slugs("zanzibar")).toEqual([`zanzibar-${engine}`]);
    expect((await admins("POST", `/api/admin/blog/posts/${post.id}/unpublish`)).statusCode).toBe(200);
    await expect.poll(() => slugs("zanzibar")).toEqual([]);
  });

  it("finds a FAQ entry by a word of its question first, then entries with the word in their answer", async () => {
    const found = await search("unused credit");
    expect(found.faq[0]).toMatchObject({ id: "refunds", question: "Can I get my unused credit back?" });
    expect(found.faq[0]?.excerpt).toMatch(/^Yes\. Write to our support team/);
    // "refund" is in no question but in the refunds answer.
    expect(await faqIds("refund")).toContain("refunds");
  });

  it("matches the FAQ in the page's language, accents ignored, and the billing example as the page shows it", async () => {
    expect(await faqIds("rembourse", "fr")).toContain("refunds");
    expect(await faqIds("remboursé", "fr")).toEqual(await faqIds("REMBOURSE", "fr"));
    expect(await faqIds("余额", "zh")).toContain("refunds");
    // The billing answer's example is filled in: 61 seconds at $0.10.
    const [billing] = (await search("61 seconds")).faq;
    expect(billing?.id).toBe("billing");
    expect(billing?.excerpt).toContain("61 seconds");
    expect(billing?.excerpt).not.toContain("{{");
  });

  it("answers only known FAQ entries and treats punctuation as nothing to match", async () => {
    const ids = new Set(FAQ_ENTRIES.map((entry) => entry.id));
    for (const hit of (await search("credit")).faq) expect(ids.has(hit.id)).toBe(true);
    for (const q of [".*", "<>", "%", "_"]) expect(await search(q)).toEqual({ query: q, countries: [], posts: [], faq: [] });
  });
});
