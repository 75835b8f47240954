import { describe, expect, it } from "vitest";
import { findTerm, foldText } from "./search-terms";

describe("foldText and findTerm", () => {
  it("folds accents, case and compatibility forms, remembering where each folded unit came from", () => {
    const text = foldText("Ｃôte ﬁ");
    expect(text.folded).toBe("cote fi");
    // Both units of "fi" come from the one ligature at offset 5.
    expect(text.origins.slice(5)).toEqual([[5, 6], [5, 6]]);
  });

  it("prefers an occurrence that begins a word, else the first", () => {
    expect(findTerm(foldText("Recall: call us"), "call")).toEqual({ at: 8, wordStart: true });
    expect(findTerm(foldText("Recall"), "call")).toEqual({ at: 2, wordStart: false });
    expect(findTerm(foldText("Recall"), "xyz")).toBeNull();
  });
});
