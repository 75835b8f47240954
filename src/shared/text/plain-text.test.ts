import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutText, plainText } from "./plain-text";

describe("plainText", () => {
  it("drops controls and bidirectional formatting, turns line breaks and tabs into single spaces, and trims", () => {
    expect(plainText("  Anna\tBerg\r\n")).toBe("Anna Berg");
    expect(plainText("\u202Emoc.elpmaxe\u202C")).toBe("moc.elpmaxe");
    expect(plainText("a\u202Ab\u202Bc\u202Dd\u2066e\u2067f\u2068g\u2069h\u200Ei\u200Fj\u061Ck")).toBe("abcdefghijk");
    expect(plainText("bell\u0007 esc\u001B del\u007F c1\u0085end\u009B")).toBe("bell esc del c1 end");
    expect(plainText("+44 7700\u00A0900\u2028123")).toBe("+44 7700 900 123");
  });

  it("keeps letters of every script and the joiners words and emoji need", () => {
    expect(plainText("محمد علي")).toBe("محمد علي");
    expect(plainText("می\u200Cخواهم")).toBe("می\u200Cخواهم");
    expect(plainText("👩\u200D💻 Zoë 王")).toBe("👩\u200D💻 Zoë 王");
  });

  it("composes what a keyboard may send decomposed", () => {
    expect(plainText("Zoe\u0308")).toBe("Zoë");
  });

  it("is idempotent and leaves no control or bidirectional formatting character", () => {
    const text = fc.string({ unit: fc.constantFrom("a", " ", "\t", "\n", "\u0000", "\u202E", "\u2066", "\u200F", "\u061C", "e\u0301", "😀", "\u0085") });
    fc.assert(
      fc.property(text, (input) => {
        const plain = plainText(input);
        expect(plainText(plain)).toBe(plain);
        expect(plain).not.toMatch(/[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|^\s|\s$|\s\s/u);
      }),
    );
  });
});

describe("cutText", () => {
  it("keeps at most the given number of UTF-16 units, never half a character", () => {
    expect(cutText("abcdef", 4)).toBe("abcd");
    expect(cutText("abc", 4)).toBe("abc");
    expect(cutText("ab😀", 3)).toBe("ab");
    expect(cutText("ab😀", 4)).toBe("ab😀");
    expect(cutText("ab cd", 3)).toBe("ab");
  });
});
