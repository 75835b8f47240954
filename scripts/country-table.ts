import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { CountryRow } from "../src/shared/countries/country-table";
import { countryTableFromLibrary } from "../src/shared/countries/country-table-source";

/**
 * Writes src/shared/countries/country-table.ts, the country table the pages read, from
 * the phone library's metadata: `npm run countries:table` after updating libphonenumber-js
 * (scripts/country-table.test.ts fails until then).
 */
export const COUNTRY_TABLE_FILE = path.resolve(import.meta.dirname, "../src/shared/countries/country-table.ts");

/** The module's text for these rows; the test compares the checked-in file with it byte for byte. */
export function renderCountryTable(rows: readonly CountryRow[]): string {
  const lines = rows.map((row) => `  ${JSON.stringify(row).replaceAll(",", ", ")},`);
  return `// Written by \`npm run countries:table\` (scripts/country-table.ts) from libphonenumber-js's metadata; do not edit.
// The browser reads this table instead of computing it from the phone library's metadata at start.

/** [ISO 3166-1 alpha-2 code, calling code, the picker's dial code, whether it is its calling code's main region]. */
export type CountryRow = readonly [code: string, callingCode: string, dialCode: string, mainRegion: boolean];

/** Every region libphonenumber-js knows, sorted by code. */
export const COUNTRY_TABLE: readonly CountryRow[] = [
${lines.join("\n")}
];
`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(COUNTRY_TABLE_FILE, renderCountryTable(countryTableFromLibrary()));
}
