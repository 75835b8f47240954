import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicCountryRate } from "../../../shared/api/rates";
import { searchResultsSchema, type FaqSearchHit, type PostSearchHit } from "../../../shared/api/search";
import type { NormalizedQuery } from "../../../shared/search/normalize-query";
import { engines } from "../../test/engines";
import { startTestServer, type TestServer } from "../../test/test-server";
import type { SearchSource } from "./search-source";

/** What the stand-in sources were asked, to prove they get the normalized query and the language. */
const asked: { group: string; query: NormalizedQuery; lang: string; limit: number }[] = [];

const post = (n: number): PostSearchHit => ({ slug: `guide-${n}`, title: `Calling guide ${n}`, excerpt: "How to call", language: "en" });
const postsSource: SearchSource<"posts"> = {
  group: "posts",
  async search(query, lang, limit) {
    asked.push({ group: "posts", query, lang, limit });
    // More than the group's limit, so the server's cap shows.
    return query.text.includes("guide") ? Array.from({ length: 15 }, (_, n) => post(n)) : [];
  },
};
const faqEntry: FaqSearchHit = { id: "refunds", question: "Can I get a refund?", excerpt: "Unused credit is refunded…" };
const faqSource: SearchSource<"faq"> = {
  group: "faq",
  async search(query, lang, limit) {
    asked.push({ group: "faq", query, lang, limit });
    return query.text.includes("refund") ? [faqEntry] : [];
  },
};

describe.each(engines)("site search API on %s", (engine) => {
  let server: TestServer;
  let listed: PublicCountryRate[];
  beforeAll(async () => {
    server = await startTestServer(engine, {}, { searchSources: [postsSource, faqSource] });
    listed = (await server.app.inject("/api/rates/countries")).json().countries;
  });
  afterAll(() => server.close());

  const search = (q: string, lang = "en") => server.app.inject({ method: "GET", url: "/api/search", query: { q, lang } });
  const codes = async (q: string, lang = "en") => {
    const response = await search(q, lang);
    expect([q, response.statusCode]).toEqual([q, 200]);
    return (response.json().countries as { country_code: string }[]).map((hit) => hit.country_code);
  };

  it("finds Jamaica by its dial code 1876, with the price range the countries page lists and its page's slug", async () => {
    const response = await search("1876");
    expect(response.statusCode).toBe(200);
    const body = searchResultsSchema.strict().parse(response.json());
    expect(body.query).toBe("1876");
    expect(body.countries.map((hit) => hit.country_code)).toEqual(["JM"]);
    const listedJamaica = listed.find((row) => row.country_code === "JM");
    expect(body.countries[0]).toEqual({ ...listedJamaica, name: "Jamaica", slug: "jm" });
  });

  it("reads a dial code however it is typed: +44, 0044, 00 44, 44 with spaces, fullwidth", async () => {
    const plus = await codes("+44");
    expect(plus[0]).toBe("GB");
    expect(plus).toEqual(expect.arrayContaining(["GB", "GG", "IM", "JE"]));
    for (const typed of ["0044", "00 44", " 4-4 ", "＋４４"]) expect(await codes(typed)).toEqual(plus);
    expect((await search("00 44")).json().query).toBe("44");
  });

  it("finds countries by name in the asked language and in English, and by ISO code", async () => {
    expect(await codes("jam")).toEqual(["JM"]);
    expect((await codes("Indien", "de"))[0]).toBe("IN");
    // English names count too ("India" also begins a word of "British Indian Ocean Territory").
    expect(await codes("india", "de")).toContain("IN");
    const germanHit = (await search("Indien", "de")).json().countries[0];
    expect([germanHit.name, germanHit.slug]).toEqual(["Indien", "in"]);
    expect((await codes("DE"))[0]).toBe("DE");
    expect((await codes("uk"))[0]).toBe("GB");
    expect((await search("uk")).json().countries[0].slug).toBe("uk");
    // NFKC and case: fullwidth capitals are ordinary letters.
    expect(await codes("ＪＡＭ")).toEqual(["JM"]);
  });

  it("answers only countries it prices, each exactly as listed", async () => {
    const body = searchResultsSchema.parse((await search("+1")).json());
    expect(body.countries.length).toBeGreaterThan(10);
    expect(body.countries[0]?.country_code).toBe("US");
    for (const hit of body.countries) {
      const { name: _name, slug: _slug, ...row } = hit;
      expect(row).toEqual(listed.find((item) => item.country_code === hit.country_code));
    }
  });

  it("answers empty groups for an empty or blank search without asking the sources", async () => {
    asked.length = 0;
    for (const q of ["", "   ", "\t"]) {
      const response = await search(q);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ query: "", countries: [], posts: [], faq: [] });
    }
    expect(asked).toEqual([]);
  });

  it("hands the blog and FAQ sources the normalized query and the language, and caps what they answer", async () => {
    asked.length = 0;
    const response = await search("  Calling GUIDE ", "fr");
    expect(response.statusCode).toBe(200);
    const body = searchResultsSchema.parse(response.json());
    expect(body.posts).toEqual(Array.from({ length: 10 }, (_, n) => post(n)));
    expect(body.faq).toEqual([]);
    expect(asked).toEqual([
      { group: "posts", query: { text: "calling guide", digits: null, terms: ["calling", "guide"] }, lang: "fr", limit: 10 },
      { group: "faq", query: { text: "calling guide", digits: null, terms: ["calling", "guide"] }, lang: "fr", limit: 10 },
    ]);
    expect((await search("refund")).json()).toEqual({ query: "refund", countries: [], posts: [], faq: [faqEntry] });
  });

  it("refuses a search longer than 100 characters with a clear 400, and takes one of exactly 100", async () => {
    const exactly = await search("a".repeat(100));
    expect(exactly.statusCode).toBe(200);
    // Counted after trimming, and in characters: 100 emoji are 200 UTF-16 units.
    expect((await search(` ${"b".repeat(100)} `)).statusCode).toBe(200);
    expect((await search("🇯🇲".repeat(50))).statusCode).toBe(200);
    for (const q of ["a".repeat(101), "x".repeat(10_000)]) {
      const response = await search(q);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: "search_query_too_long", message: "A search can be at most 100 characters long" } });
    }
  });

  it("refuses a NUL character and a malformed language, and needs q", async () => {
    const nul = await server.app.inject({ method: "GET", url: "/api/search?q=jam%00&lang=en" });
    expect([nul.statusCode, nul.json().error.code]).toEqual([400, "nul_character"]);
    const badLang = await search("jam", "xx");
    expect([badLang.statusCode, badLang.json().error.code]).toEqual([400, "validation_failed"]);
    const noQuery = await server.app.inject({ method: "GET", url: "/api/search?lang=en" });
    expect([noQuery.statusCode, noQuery.json().error.code]).toEqual([400, "validation_failed"]);
  });

  it("treats regular-expression characters and markup as plain text", async () => {
    for (const q of [".*", "^", "$", "[", "(", "\\", "a|b", "(?<x>)", "+*", "%", "_", "'; drop table users; --", "<script>alert(1)</script>"]) {
      const response = await search(q);
      expect([q, response.statusCode]).toEqual([q, 200]);
      const body = searchResultsSchema.parse(response.json());
      // A pattern that matched everything would list every country.
      expect([q, body.countries.length < listed.length]).toEqual([q, true]);
    }
    expect(await codes(".*")).toEqual([]);
    expect(await codes("a|b")).toEqual([]);
  });
});
