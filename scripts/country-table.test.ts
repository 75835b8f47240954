import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COUNTRY_TABLE } from "../src/shared/countries/country-table";
import { countryTableFromLibrary, dialingExamplesFromLibrary } from "../src/shared/countries/country-table-source";
import { DIALING_EXAMPLES } from "../src/shared/countries/dialing-examples";
import { COUNTRY_TABLE_FILE, DIALING_EXAMPLES_FILE, renderCountryTable, renderDialingExamples } from "./country-table";

// After updating libphonenumber-js, `npm run countries:table` writes both modules again.
describe("the generated country table and dialing examples", () => {
  it("are what the installed phone library gives", () => {
    expect(COUNTRY_TABLE).toEqual(countryTableFromLibrary());
    expect(DIALING_EXAMPLES).toEqual(dialingExamplesFromLibrary());
  });

  it("are the generator's output, untouched", () => {
    expect(readFileSync(COUNTRY_TABLE_FILE, "utf8")).toBe(renderCountryTable(COUNTRY_TABLE));
    expect(readFileSync(DIALING_EXAMPLES_FILE, "utf8")).toBe(renderDialingExamples(DIALING_EXAMPLES));
  });

  it("show a changed dial code as a changed row", () => {
    const moved = COUNTRY_TABLE.map((row) => (row[0] === "JM" ? (["JM", "1", "+1658", false] as const) : row));
    expect(renderCountryTable(moved)).not.toBe(renderCountryTable(COUNTRY_TABLE));
    expect(renderCountryTable(moved)).toContain('["JM", "1", "+1658", false],');
  });
});
