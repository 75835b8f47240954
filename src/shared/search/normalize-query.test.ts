import { describe, expect, it } from "vitest";
import { normalizeSearchQuery } from "./normalize-query";

describe("normalizeSearchQuery", () => {
  it("folds compatibility forms, trims, lower-cases and makes inner white space one space", () => {
    expect(normalizeSearchQuery("  ＪＡＭ  ")).toEqual({ text: "jam", digits: null, terms: ["jam"] });
    expect(normalizeSearchQuery("United \t  Kingdom")).toEqual({ text: "united kingdom", digits: null, terms: ["united", "kingdom"] });
    expect(normalizeSearchQuery("ﬁji")).toEqual({ text: "fiji", digits: null, terms: ["fiji"] });
  });

  it("reads a phone-style query as its digits, without the + or 00 that dials out", () => {
    for (const typed of ["+44", "0044", "00 44", "+ 44", "4-4", "＋４４", "(44)"]) expect([typed, normalizeSearchQuery(typed)]).toEqual([typed, { text: "44", digits: "44", terms: ["44"] }]);
    expect(normalizeSearchQuery("1 876")).toEqual({ text: "1876", digits: "1876", terms: ["1876"] });
    // A lone 00 means nothing else, so it stays.
    expect(normalizeSearchQuery("00")).toEqual({ text: "00", digits: "00", terms: ["00"] });
  });

  it("leaves mixed text and bare punctuation as text", () => {
    expect(normalizeSearchQuery("+44 uk")).toEqual({ text: "+44 uk", digits: null, terms: ["44", "uk"] });
    expect(normalizeSearchQuery("+")).toEqual({ text: "+", digits: null, terms: [] });
    expect(normalizeSearchQuery("   ")).toEqual({ text: "", digits: null, terms: [] });
  });

  it("gives the words to match with accents and case folded, each once, punctuation only between them", () => {
    expect(normalizeSearchQuery("Côte d’Ivoire CÔTE").terms).toEqual(["cote", "d", "ivoire"]);
    expect(normalizeSearchQuery("Рождество Ёлка").terms).toEqual(["рождество", "елка"]);
    expect(normalizeSearchQuery("<script>alert(1)</script>").terms).toEqual(["script", "alert", "1"]);
    expect(normalizeSearchQuery("国际 电话").terms).toEqual(["国际", "电话"]);
  });
});
