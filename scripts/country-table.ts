import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { CountryRow } from "../src/shared/countries/country-table";
import { countryTableFromLibrary, dialingExamplesFromLibrary } from "../src/shared/countries/country-table-source";
import type { DialingExampleRow } from "../src/shared/countries/dialing-examples";

/**
 * Writes src/shared/countries/country-table.ts (the country table every page reads) and
 * dialing-examples.ts (the rate pages' example numbers) from the phone library's
 * metadata: `npm run countries:table` after updating libphonenumber-js
 * (scripts/country-table.test.ts fails until then).
 */
export const COUNTRY_TABLE_FILE = path.resolve(import.meta.dirname, "../src/shared/countries/country-table.ts");
export const DIALING_EXAMPLES_FILE = path.resolve(import.meta.dirname, "../src/shared/countries/dialing-examples.ts");

const WRITTEN_BY = "// Written by `npm run countries:table` (scripts/country-table.ts) from libphonenumber-js's metadata; do not edit.";

const row = (values: readonly unknown[]): string => `[${values.map((value) => JSON.stringify(value)).join(", ")}]`;

/** The module's text for these rows; the test compares the checked-in file with it byte for byte. */
export function renderCountryTable(rows: readonly CountryRow[]): string {
  const lines = rows.map((values) => `  ${row(values)},`);
  return `${WRITTEN_BY}
// The browser reads this table instead of computing it from the phone library's metadata at start.

/** [ISO 3166-1 alpha-2 code, calling code, the picker's dial code, whether it is its calling code's main region]. */
export type CountryRow = readonly [code: string, callingCode: string, dialCode: string, mainRegion: boolean];

/** Every region libphonenumber-js knows, sorted by code. */
export const COUNTRY_TABLE: readonly CountryRow[] = [
${lines.join("\n")}
];
`;
}

/** The examples module's text, by code in order. */
export function renderDialingExamples(examples: Readonly<Partial<Record<string, DialingExampleRow>>>): string {
  const lines = Object.keys(examples)
    .sort()
    .flatMap((code) => {
      const values = examples[code];
      return values ? [`  ${code}: ${row(values)},`] : [];
    });
  return `${WRITTEN_BY}
// Only the rate pages import it: the example numbers are no part of the home page's first load.

/** [E.164 digits, written internationally, written as people in the country do] of an example mobile number. */
export type DialingExampleRow = readonly [digits: string, international: string, national: string];

/** libphonenumber-js's example mobile number of each region that has one, by ISO code. */
export const DIALING_EXAMPLES: Readonly<Partial<Record<string, DialingExampleRow>>> = {
${lines.join("\n")}
};
`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(COUNTRY_TABLE_FILE, renderCountryTable(countryTableFromLibrary()));
  writeFileSync(DIALING_EXAMPLES_FILE, renderDialingExamples(dialingExamplesFromLibrary()));
}
