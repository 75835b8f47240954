import { describe, expect, it } from "vitest";
import { writeCsv } from "../../../shared/csv/write-csv";
import { readCsvRows } from "./csv-file";

const rowsOf = (text: string) => readCsvRows(text).map((row) => [row.source.number, row.name, row.number, row.country, row.problem]);

describe("reading a contacts CSV file", () => {
  it("reads our own export back, E.164 numbers and the country column included", () => {
    const text = writeCsv([
      ["name", "phone", "country_code"],
      ["=Not a formula", "+46701234567", "SE"],
      ["Ada", "+442079460958", "GB"],
    ]);
    expect(rowsOf(text)).toEqual([
      // The writer escaped the formula-like name; the reader gives back what was written.
      [2, "=Not a formula", "+46701234567", "SE", undefined],
      [3, "Ada", "+442079460958", "GB", undefined],
    ]);
  });

  it("reads a Google Contacts export: names in parts, every phone value column, several numbers in one cell", () => {
    const text = [
      "\uFEFFFirst Name,Middle Name,Last Name,Organization Name,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value",
      "Ana,,Souza,,Mobile,+55 11 91234-5678 ::: +55 11 99876-5432,Home,(11) 3456-7890",
      ",,,Acme Plumbing,Work,+44 20 7946 0958,,",
      "Nobody,,,,,,,",
    ].join("\r\n");
    expect(rowsOf(text)).toEqual([
      [2, "Ana Souza", "+55 11 91234-5678", undefined, undefined],
      [2, "Ana Souza", "+55 11 99876-5432", undefined, undefined],
      [2, "Ana Souza", "(11) 3456-7890", undefined, undefined],
      [3, "Acme Plumbing", "+44 20 7946 0958", undefined, undefined],
      [4, "Nobody", "", undefined, "missing_number"],
    ]);
  });

  it("reads a file without a header as name, number and country, reporting malformed lines by number", () => {
    const text = ['Tel Aviv office,+972 3 123 4567', 'Bad "quote,+1 415 555 0100', "", "Ola,070-123 45 67,se"].join("\n");
    expect(rowsOf(text)).toEqual([
      [1, "Tel Aviv office", "+972 3 123 4567", undefined, undefined],
      [2, "", "", undefined, "unreadable"],
      [4, "Ola", "070-123 45 67", "SE", undefined],
    ]);
  });

  it("refuses a file with no rows with a clear code", () => {
    expect(() => readCsvRows("\n\n")).toThrowError(expect.objectContaining({ status: 422, code: "contacts_file_unreadable" }));
  });
});
