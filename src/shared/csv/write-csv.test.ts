import { parse } from "csv-parse/browser/esm/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCsvRecords } from "./read-csv";
import { escapeFormula, unescapeFormula, writeCsv } from "./write-csv";

/**
 * A cell a spreadsheet may run: any that starts with one of these (OWASP), except a plain
 * negative number and a phone number in E.164 form (a plus, a digit 1-9, at most 14 more).
 */
const RUNS_AS_FORMULA = /^(?!-[0-9]+(?:\.[0-9]+)?$)(?!\+[1-9][0-9]{0,14}$)[=+\-@\t\r]/;

/** Cells made of what matters to CSV and to spreadsheets. */
const cell = fc
  .array(fc.constantFrom("a", "=", "+", "-", "@", "\t", "\r", "\n", "\r\n", " ", ",", '"', "'", "é", "1"), { maxLength: 6 })
  .map((parts) => parts.join(""));
const rows = fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 });

describe("writeCsv", () => {
  it("writes RFC 4180 with CRLF, quoting only where needed, and escapes formula cells", () => {
    expect(writeCsv([["code", "name"], ["JM", "Jamaica"], ["VG", "Virgin Islands, British"], ["XX", 'Say "hi"'], ["YY", " padded "]])).toBe(
      'code,name\r\nJM,Jamaica\r\nVG,"Virgin Islands, British"\r\nXX,"Say ""hi"""\r\nYY," padded "\r\n',
    );
    expect(writeCsv([["=1+1", "+44x", "-5", "-1.2500", "-2+3", "-1.5e3", "@SUM(A1)", "\tx", "\rx", "a=b", "'=x", "1-2"]], { lineEnding: "\n" })).toBe(
      "'=1+1,'+44x,-5,-1.2500,'-2+3,'-1.5e3,'@SUM(A1),'\tx,\"'\rx\",a=b,''=x,1-2\n",
    );
  });

  it("writes a phone number in E.164 form as it is, so a spreadsheet reads it as the number", () => {
    for (const number of ["+447700900123", "+18762101234", "+1", "+123456789012345"]) expect(escapeFormula(number)).toBe(number);
    expect(writeCsv([["+447700900123", "+18762101234", "anna@example.com"]])).toBe("+447700900123,+18762101234,anna@example.com\r\n");
  });

  it("still writes as text whatever is more than a plus and up to 15 digits", () => {
    const cells: [string, string][] = [
      ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
      ["+44 (0)20 7946 0958=1", "'+44 (0)20 7946 0958=1"],
      ["+44 20 7946 0958", "'+44 20 7946 0958"],
      ["+44-20-7946-0958", "'+44-20-7946-0958"],
      ["+1234567890123456", "'+1234567890123456"],
      ["+0447700900123", "'+0447700900123"],
      ["+", "'+"],
      ["++44", "'++44"],
      ["+44.5", "'+44.5"],
      ["+4e4", "'+4e4"],
      ["+44\n", "'+44\n"],
      ["+\uFF14\uFF14", "'+\uFF14\uFF14"],
      ["+\u0664\u0664", "'+\u0664\u0664"],
      ["'+44", "''+44"],
      ["=447700900123", "'=447700900123"],
      ["@447700900123", "'@447700900123"],
    ];
    for (const [cell, written] of cells) expect(escapeFormula(cell), JSON.stringify(cell)).toBe(written);
    expect(writeCsv([["+44\n", "+1+cmd|' /C calc'!A0"]])).toBe("\"'+44\n\",'+1+cmd|' /C calc'!A0\r\n");
  });

  it("leaves no cell that a spreadsheet would run, as any CSV reader reads it back", () => {
    fc.assert(
      fc.property(rows, (input) => {
        const read = parse(writeCsv(input), { relax_column_count: true, record_delimiter: ["\r\n", "\n", "\r"] });
        expect(read).toHaveLength(input.length);
        for (const row of read) for (const value of row) expect(value).not.toMatch(RUNS_AS_FORMULA);
      }),
      { numRuns: 1000 },
    );
  });

  it("round-trips every cell through our reader once the escape is undone (line breaks in a cell read as LF)", () => {
    fc.assert(
      fc.property(rows, fc.constantFrom<"\r\n" | "\n">("\r\n", "\n"), (input, lineEnding) => {
        const read = readCsvRecords(writeCsv(input, { lineEnding }));
        expect(read.map((record) => record.error)).toEqual(input.map(() => undefined));
        const expected = input.map((row) => row.map((value) => value.replace(/\r\n?/g, "\n")));
        expect(read.map((record) => record.fields.map(unescapeFormula))).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });
});
