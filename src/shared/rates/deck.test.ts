import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DECK_COLUMNS, lineKind, parseDeck, serializeDeck, type DeckRow, type LineKind } from "./deck";

const DECK_TEXT = readFileSync(new URL("../../../data/provider-voice-rates.csv", import.meta.url), "utf8");
const HEADER = DECK_COLUMNS.join(",");

describe("parseDeck on the carrier's file", () => {
  const deck = parseDeck(DECK_TEXT);

  it("loads every row with nothing rejected", () => {
    expect(deck.rejected).toEqual([]);
    expect(deck.rows).toHaveLength(531);
    expect(new Set(deck.rows.map((row) => row.iso)).size).toBe(223);
  });

  it("reads the README's examples exactly", () => {
    const find = (iso: string, lineType: string) => deck.rows.find((row) => row.iso === iso && row.lineType === lineType);
    expect(find("US", "Standard")).toEqual({
      iso: "US",
      country: "United States",
      lineType: "Standard",
      carrierRate: 1400,
      prefixes: ["1"],
    });
    expect(find("GB", "Mobile")?.carrierRate).toBe(3050);
    expect(find("GB", "Mobile")?.prefixes).toContain("447106");
    expect(find("JM", "Standard")).toMatchObject({ carrierRate: 43050, prefixes: ["1876"] });
    expect(find("TO", "Standard")).toMatchObject({ carrierRate: 207350, prefixes: ["676"] });
    expect(find("ZZ", "Standard")).toMatchObject({ carrierRate: 1000500, prefixes: ["87077", "882"] });
  });

  it("keeps quoted country names that contain commas", () => {
    expect(deck.rows.find((row) => row.iso === "VG")?.country).toBe("Virgin Islands, British");
    expect(deck.rows.find((row) => row.iso === "VI")?.country).toBe("Virgin Islands, U.S.");
  });

  it("serializes back to the identical bytes", () => {
    expect(serializeDeck(deck.rows)).toBe(DECK_TEXT);
  });
});

describe("parseDeck rejects bad lines and keeps the good ones", () => {
  const text = [
    HEADER,
    "AD,Andorra,Standard,0.04700,376", // 2 ok
    "AD,Andorra,Mobile,0.29400", // 3 column count
    "AE,United Arab Emirates,Standard,abc,971", // 4 not a number
    "AF,Afghanistan,Standard,-0.10000,93", // 5 negative
    "AG,Antigua,Standard,0.000000,1268", // 6 zero
    "AI,Anguilla,Standard,0.123456,1264", // 7 six decimals
    "AL,Albania,Standard,0.24100,355 35x", // 8 prefix not digits
    "AM,Armenia,Standard,0.25000,0374", // 9 prefix starting with 0
    "AO,Angola,Standard,0.10000,", // 10 no prefixes
    "XX1,Nowhere,Standard,0.10000,999", // 11 bad iso
    "AR,Argentina,Standard,0.10000,54 376", // 12 duplicate of line 2's 376
    'AS,"American Samoa, the",Standard,0.10000,1684', // 13 ok, comma in quotes
    'AT,"Multi', // 14 a quoted field running over a line break…
    'line",Standard,0.10000,43', // …still one record, so 16 is the next line
    "AU,Australia,,0.10000,61", // 16 empty line type
    'AW,Aru"ba,Standard,0.10000,297', // 17 stray quote
    "", // 18 blank: skipped, not rejected
    "AZ,Azerbaijan,Standard,1.00000,994 994", // 19 repeated inside the row: kept once
    "ba,Bosnia,Standard,0.5,387", // 20 lower-case iso, short decimals: fine
  ].join("\n");

  const deck = parseDeck(text);

  it("reports each bad line with its number and reason", () => {
    const byLine = new Map(deck.rejected.map((item) => [item.line, item.reason]));
    expect([...byLine.keys()]).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 17]);
    expect(byLine.get(3)).toMatch(/expected 5 columns, found 4/);
    expect(byLine.get(4)).toMatch(/not a decimal/);
    expect(byLine.get(5)).toMatch(/negative/);
    expect(byLine.get(6)).toMatch(/greater than zero/);
    expect(byLine.get(7)).toMatch(/at most 5 places/);
    expect(byLine.get(8)).toMatch(/prefix "35x"/);
    expect(byLine.get(9)).toMatch(/prefix "0374"/);
    expect(byLine.get(10)).toMatch(/no destination prefixes/);
    expect(byLine.get(11)).toMatch(/iso/);
    expect(byLine.get(12)).toMatch(/duplicate prefix 376 \(first on line 2\)/);
    expect(byLine.get(16)).toMatch(/line_type is empty/);
    expect(byLine.get(17)).toMatch(/quote/);
  });

  it("keeps the first owner of a duplicated prefix and every good row", () => {
    expect(deck.rows.map((row) => row.iso)).toEqual(["AD", "AS", "AT", "AZ", "BA"]);
    expect(deck.rows[0]?.prefixes).toEqual(["376"]);
    expect(deck.rows[1]?.country).toBe("American Samoa, the");
    expect(deck.rows[2]?.country).toBe("Multi\nline");
    expect(deck.rows[3]?.prefixes).toEqual(["994"]);
    expect(deck.rows[4]).toMatchObject({ iso: "BA", carrierRate: 50000 });
  });

  it("resumes after an unterminated quote instead of losing the rest of the file", () => {
    const result = parseDeck([HEADER, 'AD,"Andorra,Standard,0.04700,376', "AE,UAE,Standard,0.25730,971"].join("\n"));
    expect(result.rejected).toEqual([{ line: 2, reason: "unterminated quoted field" }]);
    expect(result.rows.map((row) => row.iso)).toEqual(["AE"]);
  });

  it("refuses a header in another column order rather than misreading every line", () => {
    const result = parseDeck("iso,line_type,country,usd_per_min,destination_prefixes\nAD,Standard,Andorra,0.047,376\n");
    expect(result.rows).toEqual([]);
    expect(result.rejected).toEqual([{ line: 1, reason: expect.stringMatching(/unexpected header/) }]);
  });

  it("accepts a file without header, with a BOM and CRLF line ends", () => {
    const result = parseDeck("\uFEFFAD,Andorra,Standard,0.04700,376\r\nAE,UAE,Mobile,0.24260,9715\r\n");
    expect(result.rejected).toEqual([]);
    expect(result.rows.map((row) => [row.iso, row.carrierRate])).toEqual([
      ["AD", 4700],
      ["AE", 24260],
    ]);
  });

  it("never throws, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (input) => {
        const result = parseDeck(input);
        for (const row of result.rows) {
          expect(row.prefixes.length).toBeGreaterThan(0);
          expect(row.carrierRate).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
    const csvish = fc.array(fc.constantFrom("AD", ",", '"', "\n", "\r\n", "0.5", "376", " ", "Mobile", "-1"), {
      maxLength: 40,
    });
    fc.assert(fc.property(csvish, (parts) => void parseDeck(parts.join(""))), { numRuns: 500 });
  });
});

describe("serializeDeck", () => {
  const rowArbitrary: fc.Arbitrary<Omit<DeckRow, "prefixes">> = fc.record({
    iso: fc.stringMatching(/^[A-Z]{2}$/),
    // Names with commas, quotes, newlines and inner spaces; no edge whitespace, which the parser trims.
    country: fc.stringMatching(/^[A-Za-z,"'\n é.-]{0,20}$/).map((name) => `C${name}x`),
    lineType: fc.constantFrom("Standard", "Mobile", "Mobile - Orange", "Premium Services", 'Odd, "quoted"'),
    carrierRate: fc.integer({ min: 1, max: 99_999_999 }),
  });

  it("round-trips any rows through parseDeck", () => {
    fc.assert(
      fc.property(
        fc.array(rowArbitrary, { maxLength: 12 }),
        fc.uniqueArray(fc.stringMatching(/^[1-9]\d{0,8}$/), { minLength: 40, maxLength: 60 }),
        fc.constantFrom<"\r\n" | "\n">("\r\n", "\n"),
        (partial, pool, lineEnding) => {
          // Hand each row a disjoint slice of the unique prefix pool.
          const rows: DeckRow[] = partial.map((row, i) => ({ ...row, prefixes: pool.slice(i * 3, i * 3 + 3) }));
          const valid = rows.filter((row) => row.prefixes.length > 0);
          const parsed = parseDeck(serializeDeck(valid, { lineEnding }));
          expect(parsed.rejected).toEqual([]);
          expect(parsed.rows).toEqual(valid);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("quotes only fields that need it", () => {
    const text = serializeDeck(
      [{ iso: "VG", country: "Virgin Islands, British", lineType: 'Say "hi"', carrierRate: 31200, prefixes: ["1284"] }],
      { lineEnding: "\n" },
    );
    expect(text).toBe(`${HEADER}\nVG,"Virgin Islands, British","Say ""hi""",0.31200,1284\n`);
  });

  it("writes names a spreadsheet would run as formulas as text, and reads them back as they were", () => {
    const rows: DeckRow[] = [
      { iso: "AD", country: '=HYPERLINK("http://evil.example","Andorra")', lineType: "+Mobile", carrierRate: 4700, prefixes: ["376"] },
      { iso: "AE", country: "@SUM(1)", lineType: "-Orange", carrierRate: 24260, prefixes: ["9715"] },
      { iso: "AF", country: "'=quoted already", lineType: "Standard", carrierRate: 10000, prefixes: ["93"] },
    ];
    const text = serializeDeck(rows, { lineEnding: "\n" });
    expect(text).toBe(
      `${HEADER}\nAD,"'=HYPERLINK(""http://evil.example"",""Andorra"")",'+Mobile,0.04700,376\nAE,'@SUM(1),'-Orange,0.24260,9715\nAF,''=quoted already,Standard,0.10000,93\n`,
    );
    expect(parseDeck(text)).toEqual({ rows, rejected: [] });
  });
});

describe("parseDeck refuses what the database cannot store", () => {
  it("rejects a line with a NUL character and keeps the others", () => {
    const result = parseDeck(`${HEADER}\nAD,And\u0000orra,Standard,0.04700,376\nAE,UAE,Standard,0.25730,971\n`);
    expect(result.rejected).toEqual([{ line: 2, reason: "contains a NUL character" }]);
    expect(result.rows.map((row) => row.iso)).toEqual(["AE"]);
  });
});

describe("lineKind", () => {
  // Every line type in the carrier's file, pinned: a new name fails here until someone classifies it.
  const EXPECTED: Record<string, LineKind> = {
    Standard: "landline",
    "Major Cities": "landline",
    Fixed: "landline",
    "CNT Fixed": "landline",
    "Fixed ALBTEL": "landline",
    "Fixed Expresso": "landline",
    "Kosovo - IPKO FixNet": "landline",
    "Local Other Operators": "landline",
    Rural: "landline",
    Abkhazia: "landline",
    "Addis Ababa": "landline",
    Alaska: "landline",
    Alger: "landline",
    Beijing: "landline",
    "Buenos Aires": "landline",
    Cairo: "landline",
    "Cuenca - Etapa": "landline",
    Curacao: "landline",
    "Easter Island": "landline",
    "French Antilles": "landline",
    Guadalajara: "landline",
    Hawaii: "landline",
    Helsinki: "landline",
    Jakarta: "landline",
    Kosovo: "landline",
    Lima: "landline",
    "Mexico City": "landline",
    Monterrey: "landline",
    Montevideo: "landline",
    "Nagorny Karabakh Region": "landline",
    "Palestine Region": "landline",
    "Punta Arenas": "landline",
    Tashkent: "landline",
    Tirane: "landline",
    Tokyo: "landline",
    "Yukon Territory": "landline",
    Mobile: "mobile",
    "Mobile Other": "mobile",
    "Abkhazia Mobile": "mobile",
    "French Antilles - Mobile": "mobile",
    "Mobile - 3G": "mobile",
    "Mobile - Airtel": "mobile",
    "Mobile - Astelit": "mobile",
    "Mobile - Avantel": "mobile",
    "Mobile - Bouygues": "mobile",
    "Mobile - Cablecom": "mobile",
    "Mobile - Comcel": "mobile",
    "Mobile - Digicel": "mobile",
    "Mobile - Eplus": "mobile",
    "Mobile - Expresso": "mobile",
    "Mobile - Free": "mobile",
    "Mobile - IPKO": "mobile",
    "Mobile - Liberties": "mobile",
    "Mobile - Lycamobile": "mobile",
    "Mobile - Mobilis": "mobile",
    "Mobile - Mobility Services": "mobile",
    "Mobile - Moov": "mobile",
    "Mobile - Movistar": "mobile",
    "Mobile - Orange": "mobile",
    "Mobile - Orascom": "mobile",
    "Mobile - Other": "mobile",
    "Mobile - SFR": "mobile",
    "Mobile - Sunrise": "mobile",
    "Mobile - Swisscom": "mobile",
    "Mobile - Tigo": "mobile",
    "Mobile - Viva": "mobile",
    "Mobile - Vodacom": "mobile",
    "Mobile - Wataniya": "mobile",
    "Premium Services": "premium",
    "Premium Numbers": "premium",
    Personal: "personal",
    "Personal Numbers": "personal",
    "Service & Personal": "personal",
    "Special Services": "special",
    "Special Services - Other": "special",
    "Shared Cost Service": "special",
    "Toll Free": "toll_free",
    Freephone: "toll_free",
    Other: "other",
    "French Antilles - Other": "other",
    "Non Geographical": "other",
    VOIP: "other",
    Wimax: "other",
    IPKO: "other",
    AMC: "other",
    Globacom: "other",
    "Orion Telekom": "other",
  };

  it("classifies every line type in the real deck as pinned", () => {
    const { rows } = parseDeck(DECK_TEXT);
    const types = [...new Set(rows.map((row) => row.lineType))].sort();
    expect(types).toHaveLength(87);
    expect(types).toEqual(Object.keys(EXPECTED).sort());
    for (const type of types) expect([type, lineKind(type)]).toEqual([type, EXPECTED[type]]);
  });

  it("treats the ZZ pseudo-country as satellite whatever its line type", () => {
    expect(lineKind("Standard", "ZZ")).toBe("satellite");
    expect(lineKind("Standard", "zz")).toBe("satellite");
    expect(lineKind("Standard", "US")).toBe("landline");
  });

  it("is case-insensitive and defaults unknown place names to landline", () => {
    expect(lineKind("PREMIUM SERVICES")).toBe("premium");
    expect(lineKind("toll-free")).toBe("toll_free");
    expect(lineKind("Reykjavik")).toBe("landline");
  });
});
