import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkedJsonText, inspectJsonText, MAX_JSON_DEPTH } from "./json-body";

/** Nesting depth of a parsed value, counted on the value itself (not on its text). */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (typeof value === "object" && value !== null) return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

/** Every string in a value, keys included. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([key, item]) => [key, ...stringsOf(item)]);
  return [];
}

/** encodeURIComponent refuses exactly the strings that hold a lone surrogate. */
function isWellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** The problems a value has, worked out from the value; the scanner may name any one of them. */
function problemsOf(value: unknown, maxDepth: number): string[] {
  const problems: string[] = [];
  if (depthOf(value) > maxDepth) problems.push("json_too_deep");
  if (stringsOf(value).some((text) => text.includes("\u0000"))) problems.push("nul_character");
  if (stringsOf(value).some((text) => !isWellFormed(text))) problems.push("invalid_encoding");
  return problems;
}

// Strings made of the characters that matter: quotes, backslashes, NUL, both surrogate halves, escapable letters.
const trickyString = fc
  .array(fc.constantFrom("a", '"', "\\", "\u0000", "\ud83d", "\ude00", "\ud83d\ude00", "u", "0", "\n", "é", "{", "["), { maxLength: 8 })
  .map((parts) => parts.join(""));

const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    trickyString,
    fc.integer(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(trickyString, tie("value"), { maxKeys: 3 }),
  ),
})).value;

describe("inspectJsonText", () => {
  it("names a problem exactly when the value has one, and only one it has", () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 6 }), (input, maxDepth) => {
        const problem = inspectJsonText(JSON.stringify(input), maxDepth);
        const problems = problemsOf(input, maxDepth);
        if (problems.length === 0) expect(problem).toBeNull();
        else expect(problems).toContain(problem);
      }),
      { numRuns: 3000 },
    );
  });

  it("refuses nesting past the limit before any parser recurses into it", () => {
    const deep = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
    expect(inspectJsonText(deep(MAX_JSON_DEPTH))).toBeNull();
    expect(inspectJsonText(deep(MAX_JSON_DEPTH + 1))).toBe("json_too_deep");
    expect(inspectJsonText(`${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`)).toBe("json_too_deep");
    // Brackets inside strings are text, not nesting.
    expect(inspectJsonText(JSON.stringify({ text: "[".repeat(1000) }))).toBeNull();
  });

  it("tells a NUL escape from an escaped backslash followed by the letters u0000", () => {
    expect(inspectJsonText('{"name":"a\\u0000b"}')).toBe("nul_character");
    expect(inspectJsonText('{"a\\u0000":1}')).toBe("nul_character");
    expect(inspectJsonText('{"name":"a\\\\u0000b"}')).toBeNull();
    expect(inspectJsonText('{"name":"a\\\\\\u0000b"}')).toBe("nul_character");
  });

  it("accepts surrogate pairs and refuses lone halves", () => {
    expect(inspectJsonText('"\\ud83d\\ude00"')).toBeNull();
    expect(inspectJsonText('"\\ud83d"')).toBe("invalid_encoding");
    expect(inspectJsonText('"\\ude00"')).toBe("invalid_encoding");
    expect(inspectJsonText('"\\ud83dx\\ude00"')).toBe("invalid_encoding");
    expect(inspectJsonText('"\\ud83d\\n"')).toBe("invalid_encoding");
  });

  it("leaves malformed JSON to the parser", () => {
    for (const text of ['{"a":"\\u00zz"}', '{"a":"unterminated', "]]]", '"\\u12']) expect(inspectJsonText(text), text).toBeNull();
  });
});

describe("checkedJsonText", () => {
  it("refuses bytes that are not UTF-8 and strips a byte order mark", () => {
    expect(() => checkedJsonText(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]))).toThrow(expect.objectContaining({ status: 400, code: "invalid_encoding" }));
    expect(() => checkedJsonText(Buffer.from('{"a":"\\u0000"}'))).toThrow(expect.objectContaining({ status: 400, code: "nul_character" }));
    expect(checkedJsonText(Buffer.from('\ufeff{"a":"é"}'))).toBe('{"a":"é"}');
  });
});
