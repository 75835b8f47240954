import { describe, expect, it } from "vitest";
import { digitRanges, matchRanges, termRanges } from "./match-ranges";

const marked = (text: string, ranges: readonly (readonly [number, number])[]) => ranges.map(([start, end]) => text.slice(start, end));

describe("matchRanges", () => {
  it("marks every occurrence, ignoring case and accents", () => {
    expect(marked("Jamaica", matchRanges("Jamaica", "jam"))).toEqual(["Jam"]);
    expect(marked("Côte d’Ivoire", matchRanges("Côte d’Ivoire", "cote"))).toEqual(["Côte"]);
    expect(marked("Réunion", matchRanges("Réunion", "reu"))).toEqual(["Réu"]);
    expect(marked("Papua New Guinea", matchRanges("Papua New Guinea", "a"))).toEqual(["a", "a", "a"]);
    expect(marked("Indien", matchRanges("Indien", "indien"))).toEqual(["Indien"]);
  });

  it("reads compatibility forms and keeps surrogate pairs whole", () => {
    expect(marked("ＪＡＭＡＩＣＡ", matchRanges("ＪＡＭＡＩＣＡ", "jam"))).toEqual(["ＪＡＭ"]);
    expect(marked("𝐀bc", matchRanges("𝐀bc", "ab"))).toEqual(["𝐀b"]);
  });

  it("marks nothing for an empty search or no match, and treats pattern characters as text", () => {
    expect(matchRanges("Jamaica", "")).toEqual([]);
    expect(matchRanges("Jamaica", "xyz")).toEqual([]);
    expect(matchRanges("Jamaica", ".*")).toEqual([]);
    expect(marked("Congo (DRC)", matchRanges("Congo (DRC)", "(drc"))).toEqual(["(DRC"]);
  });
});

describe("termRanges", () => {
  it("marks each word of the search wherever it occurs, accents ignored, joining places that touch", () => {
    const text = "Cheap calls: calling home cheaply";
    expect(marked(text, termRanges(text, ["cheap", "call"]))).toEqual(["Cheap", "call", "call", "cheap"]);
    expect(marked("Réseau mobile", termRanges("Réseau mobile", ["reseau"]))).toEqual(["Réseau"]);
    // "ab" and "bc" overlap in "abc": one mark, not two.
    expect(marked("xabcx", termRanges("xabcx", ["ab", "bc"]))).toEqual(["abc"]);
    expect(termRanges("anything", [])).toEqual([]);
  });
});

describe("digitRanges", () => {
  it("marks the typed digits in a dial code, across its punctuation", () => {
    expect(marked("+1876", digitRanges("+1876", "1876"))).toEqual(["1876"]);
    expect(marked("+1 876", digitRanges("+1 876", "18"))).toEqual(["1 8"]);
    expect(marked("+44", digitRanges("+44", "4"))).toEqual(["4"]);
    expect(digitRanges("+44", "9")).toEqual([]);
  });
});
