import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDeck, type DeckRow } from "./deck";
import { buildPrefixIndex } from "./prefix-index";

const { rows } = parseDeck(readFileSync(new URL("../../../data/provider-voice-rates.csv", import.meta.url), "utf8"));
const index = buildPrefixIndex(rows);
const ALL_PREFIXES = rows.flatMap((row) => row.prefixes);

/** The obvious, slow definition: scan every prefix of every row, keep the longest. */
function bruteForce(deck: readonly DeckRow[], digits: string): { row: DeckRow; prefix: string } | null {
  let best: { row: DeckRow; prefix: string } | null = null;
  for (const row of deck) {
    for (const prefix of row.prefixes) {
      if (digits.startsWith(prefix) && (best === null || prefix.length > best.prefix.length)) best = { row, prefix };
    }
  }
  return best;
}

function at(digits: string): [string, string, string] | null {
  const match = index.lookup(digits);
  return match && [match.row.iso, match.row.lineType, match.prefix];
}

describe("lookup on the real deck", () => {
  it("indexes every prefix", () => {
    expect(index.size).toBe(ALL_PREFIXES.length);
    expect(index.size).toBe(14191);
  });

  it("prices +1876 as Jamaica, not as the US +1 row", () => {
    expect(at("18765551234")).toEqual(["JM", "Standard", "1876"]);
    expect(at("18762101234")).toEqual(["JM", "Mobile", "1876210"]);
    expect(at("12024561111")).toEqual(["US", "Standard", "1"]);
    expect(at("19075551234")).toEqual(["US", "Alaska", "1907"]);
    expect(at("18005551234")).toEqual(["US", "Toll Free", "1800"]);
    expect(at("18675551234")).toEqual(["CA", "Yukon Territory", "1867"]);
    expect(at("14165551234")).toEqual(["US", "Standard", "1"]); // Toronto: the deck has no CA catch-all
  });

  it("prices a UK mobile by its own prefix over 44 and 447", () => {
    expect(at("447106123456")).toEqual(["GB", "Mobile", "447106"]);
    expect(at("447700900123")).toEqual(["GB", "Mobile - Other", "447"]);
    expect(at("442079460335")).toEqual(["GB", "Standard", "44207"]);
    expect(at("441481123456")).toEqual(["GB", "Standard", "44"]);
    expect(at("449012345678")).toEqual(["GB", "Premium Services", "449"]);
  });

  it("follows the longest prefix even when a shorter one is dearer or cheaper", () => {
    // Kazakhstan's 7x rows beat Russia's 7; Russia's own 79 beats 7.
    expect(at("77011234567")?.[0]).toBe("KZ");
    expect(at("74951234567")).toEqual(["RU", "Standard", "7"]);
    expect(at("79161234567")).toEqual(["RU", "Mobile", "79"]);
    const cheapFirst: DeckRow[] = [
      { iso: "US", country: "US", lineType: "Standard", carrierRate: 1, prefixes: ["1"] },
      { iso: "JM", country: "JM", lineType: "Standard", carrierRate: 90000, prefixes: ["1876"] },
      { iso: "JM", country: "JM", lineType: "Cheap", carrierRate: 2, prefixes: ["18765"] },
    ];
    const small = buildPrefixIndex(cheapFirst);
    expect(small.lookup("18764001234")?.row.carrierRate).toBe(90000);
    expect(small.lookup("18765001234")?.row.carrierRate).toBe(2);
    expect(small.lookup("12125550123")?.row.carrierRate).toBe(1);
  });

  it("returns null for no match and for anything that is not 1-15 digits", () => {
    for (const input of ["", "0", "0044", "abc", "1876x", "+18765551234", " 1", "1234567890123456", "١٨٧٦"]) {
      expect([input, index.lookup(input)]).toEqual([input, null]);
    }
    expect(index.lookup("999")).toBeNull(); // no deck row starts 999
  });

  it("agrees with the brute-force definition", () => {
    const digits = fc.oneof(
      fc.stringMatching(/^\d{1,15}$/),
      // Mostly numbers that start with a real prefix, so deep matches are exercised.
      fc.tuple(fc.constantFrom(...ALL_PREFIXES), fc.stringMatching(/^\d{0,8}$/)).map(([p, rest]) => (p + rest).slice(0, 15)),
    );
    fc.assert(
      fc.property(digits, (d) => {
        const expected = bruteForce(rows, d);
        const actual = index.lookup(d);
        expect(actual?.prefix).toBe(expected?.prefix);
        expect(actual?.row).toBe(expected?.row);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("buildPrefixIndex on any deck", () => {
  const rowsArbitrary = fc.array(
    fc.record({
      iso: fc.constantFrom("AA", "BB", "CC"),
      country: fc.constant("X"),
      lineType: fc.constant("Standard"),
      carrierRate: fc.integer({ min: 1, max: 1000 }),
      prefixes: fc.array(fc.stringMatching(/^[1-3]{1,5}$/), { minLength: 1, maxLength: 5 }),
    }),
    { maxLength: 20 },
  );

  it("matches brute force, keeping the first row of a repeated prefix", () => {
    fc.assert(
      fc.property(rowsArbitrary, fc.stringMatching(/^[1-4]{1,8}$/), (deck, d) => {
        const expected = bruteForce(deck, d);
        const actual = buildPrefixIndex(deck).lookup(d);
        expect(actual?.prefix).toBe(expected?.prefix);
        // The first row listing the winning prefix owns it.
        if (expected) expect(actual?.row).toBe(deck.find((row) => row.prefixes.includes(expected.prefix)));
      }),
      { numRuns: 1000 },
    );
  });

  it("ignores prefixes that are not digits", () => {
    const small = buildPrefixIndex([{ iso: "AA", country: "A", lineType: "Standard", carrierRate: 1, prefixes: ["1a", "", "2"] }]);
    expect(small.size).toBe(1);
    expect(small.lookup("1")).toBeNull();
    expect(small.lookup("23")?.prefix).toBe("2");
  });
});

describe("many lookups in a row", () => {
  // How fast this is, is measured by the benchmark (bench/, npm run bench), never here.
  it("answers each of a thousand numbers by the row owning its longest prefix, the same every time", () => {
    const numbers = Array.from({ length: 1000 }, (_, i) => {
      const prefix = ALL_PREFIXES[(i * 7919) % ALL_PREFIXES.length] ?? "1";
      return (prefix + String(1_000_000_000 + i * 37)).slice(0, 15);
    });
    const first = numbers.map((n) => index.lookup(n));
    for (const [i, n] of numbers.entries()) {
      const match = first[i];
      expect(match).not.toBeNull();
      expect(n.startsWith(match?.prefix ?? "x")).toBe(true);
      expect(match?.row).toBe(bruteForce(rows, n)?.row);
    }
    // A second pass over the same index answers identically: lookups leave nothing behind.
    expect(numbers.map((n) => index.lookup(n))).toEqual(first);
  });
});
