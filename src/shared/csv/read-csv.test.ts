import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_MALFORMED_RECORDS, readCsvRecords } from "./read-csv";

describe("readCsvRecords", () => {
  it("reads LF, CRLF and CR line ends in one file, and keeps blank lines as records", () => {
    expect(readCsvRecords("a,b\r\nc,d\ne,f\rg,h\n\ni,j")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["c", "d"] },
      { line: 3, fields: ["e", "f"] },
      { line: 4, fields: ["g", "h"] },
      { line: 5, fields: [""] },
      { line: 6, fields: ["i", "j"] },
    ]);
  });

  it("numbers a record by its first line when a quoted field spans lines, and reads its line breaks as LF", () => {
    expect(readCsvRecords('a,"one\r\ntwo",b\r\nc,"x ""y"", z",d\r\n')).toEqual([
      { line: 1, fields: ["a", "one\ntwo", "b"] },
      { line: 3, fields: ["c", 'x "y", z', "d"] },
    ]);
  });

  it("ignores space around fields and quotes", () => {
    expect(readCsvRecords('a , "b" ,\t"c"\t, d ')).toEqual([{ line: 1, fields: ["a", "b", "c", "d"] }]);
  });

  it("reports a malformed record with its line and reason, and reads on from the next line", () => {
    const text = ['ok,1', 'Aru"ba,2', '"closed" then,3', 'ok,4', '"multi', 'line" x,5', "ok,7", '"never closed,8', "ok,9"].join("\n");
    expect(readCsvRecords(text)).toEqual([
      { line: 1, fields: ["ok", "1"] },
      { line: 2, fields: [], error: "stray quote inside a field" },
      { line: 3, fields: [], error: "text after a closing quote" },
      { line: 4, fields: ["ok", "4"] },
      { line: 5, fields: [], error: "text after a closing quote" },
      { line: 7, fields: ["ok", "7"] },
      { line: 8, fields: [], error: "unterminated quoted field" },
      { line: 9, fields: ["ok", "9"] },
    ]);
  });

  it("stops listing malformed records after a bound, saying where it stopped", () => {
    const text = 'ok,1\nAru"ba,2\n'.repeat(MAX_MALFORMED_RECORDS + 50);
    const records = readCsvRecords(text);
    const errors = records.filter((record) => record.error !== undefined);
    expect(errors).toHaveLength(MAX_MALFORMED_RECORDS + 1);
    expect(errors.slice(0, -1).every((record) => record.error === "stray quote inside a field")).toBe(true);
    const stop = MAX_MALFORMED_RECORDS * 2 + 1;
    expect(records.at(-1)).toEqual({ line: stop, fields: [], error: expect.stringMatching(/^not read: more than 100 lines before this one are not valid CSV$/) });
    expect(records.filter((record) => record.error === undefined).map((record) => record.line)).toEqual(
      Array.from({ length: MAX_MALFORMED_RECORDS }, (_, index) => index * 2 + 1),
    );
  });

  it("accounts for every line exactly once, whatever the text", () => {
    const csvish = fc.array(fc.constantFrom("a", ",", '"', "\n", "\r\n", "\r", " ", "x y"), { maxLength: 40 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(csvish, (text) => {
        const records = readCsvRecords(text);
        const lines = records.map((record) => record.line);
        expect(lines).toEqual([...lines].sort((a, b) => a - b));
        expect(new Set(lines).size).toBe(lines.length);
        const lineCount = text === "" ? 0 : text.split(/\r\n|\n|\r/).length;
        for (const line of lines) expect(line).toBeLessThanOrEqual(lineCount);
      }),
      { numRuns: 1000 },
    );
  });
});
