import { readCsvRecords } from "../../../shared/csv/read-csv";
import { unescapeFormula } from "../../../shared/csv/write-csv";
import { AppError } from "../../http/app-error";
import type { ImportRow } from "./import-rows";

/** A header cell as compared: lower case, letters and digits, single spaces. */
const headerKey = (cell: string) =>
  cell
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const NAME = new Set(["name", "full name", "display name", "contact name", "contact"]);
const GIVEN = new Set(["first name", "given name"]);
const MIDDLE = new Set(["middle name", "additional name"]);
const FAMILY = new Set(["last name", "family name", "surname"]);
const ORGANISATION = new Set(["company", "organization", "organisation", "organization name", "organization 1 name"]);
const COUNTRY = new Set(["country", "country code"]);
/** A column of numbers: "phone", "Mobile Phone", "Phone 1 - Value"; not Google's "Phone 1 - Label" beside it. */
const isNumberColumn = (key: string) => /\b(phone|mobile|tel|telephone|cell|number)\b/.test(key) && !/\b(label|type)\b/.test(key);
/** Google Contacts writes several numbers of one label in one cell. */
const NUMBER_SEPARATOR = " ::: ";

interface Columns {
  name: number[];
  given: number[];
  middle: number[];
  family: number[];
  organisation: number[];
  numbers: number[];
  country: number | undefined;
}

/**
 * The numbers of a CSV file: ours (name, phone, country_code), Google Contacts' and
 * Outlook's exports (first, middle and last names; every phone column), or any file
 * whose header names a name and a phone column. A file without such a header is read
 * as name, number and an optional country code per line. Read by the one CSV reader
 * (src/shared/csv), whose malformed records are reported by line.
 */
export function readCsvRows(text: string): ImportRow[] {
  const records = readCsvRecords(text.replace(/^\uFEFF/, "")).filter((record) => record.error !== undefined || record.fields.some((field) => field !== ""));
  const first = records[0];
  if (!first) throw new AppError(422, "contacts_file_unreadable", "This file holds no rows.");
  const header = first.error === undefined ? columnsOf(first.fields.map(headerKey)) : null;
  const columns: Columns = header ?? { name: [0], given: [], middle: [], family: [], organisation: [], numbers: [1], country: 2 };
  const rows: ImportRow[] = [];
  for (const record of header ? records.slice(1) : records) {
    const source = { kind: "line" as const, number: record.line };
    if (record.error !== undefined) {
      rows.push({ source, name: "", number: "", problem: "unreadable" });
      continue;
    }
    const cell = (index: number) => unescapeFormula(record.fields[index] ?? "").trim();
    const joined = (indexes: number[]) => indexes.map(cell).filter(Boolean).join(" ");
    const name = joined(columns.name) || joined([...columns.given, ...columns.middle, ...columns.family]) || joined(columns.organisation);
    const numbers = columns.numbers.flatMap((index) => cell(index).split(NUMBER_SEPARATOR)).map((number) => number.trim()).filter(Boolean);
    const country = columns.country === undefined ? "" : cell(columns.country).toUpperCase();
    const withCountry = /^[A-Z]{2}$/.test(country) ? { country } : {};
    if (numbers.length === 0) rows.push({ source, name, number: "", problem: "missing_number" });
    for (const number of numbers) rows.push({ source, name, number, ...withCountry });
  }
  return rows;
}

/** The columns a header row names, or null when it names no number column or holds a number (then it is not a header). */
function columnsOf(keys: string[]): Columns | null {
  // A row holding a number is data: a first line "Tel Aviv office,+972…" is not a header.
  if (keys.some((key) => /\d{5}/.test(key.replace(/ /g, "")))) return null;
  const where = (test: (key: string) => boolean) => keys.flatMap((key, index) => (test(key) ? [index] : []));
  const numbers = where(isNumberColumn);
  if (numbers.length === 0) return null;
  return {
    name: where((key) => NAME.has(key)),
    given: where((key) => GIVEN.has(key)),
    middle: where((key) => MIDDLE.has(key)),
    family: where((key) => FAMILY.has(key)),
    organisation: where((key) => ORGANISATION.has(key)),
    numbers,
    country: where((key) => COUNTRY.has(key))[0],
  };
}
