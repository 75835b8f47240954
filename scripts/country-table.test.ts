import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COUNTRY_TABLE } from "../src/shared/countries/country-table";
import { countryTableFromLibrary } from "../src/shared/countries/country-table-source";
import { COUNTRY_TABLE_FILE, renderCountryTable } from "./country-table";

describe("the generated country table", () => {
  it("is what the installed phone library gives (run `npm run countries:table` after updating it)", () => {
    expect(COUNTRY_TABLE).toEqual(countryTableFromLibrary());
  });

  it("is the generator's output, untouched", () => {
    expect(readFileSync(COUNTRY_TABLE_FILE, "utf8")).toBe(renderCountryTable(COUNTRY_TABLE));
  });

  it("would show a changed dial code as a changed row", () => {
    const moved = COUNTRY_TABLE.map((row) => (row[0] === "JM" ? (["JM", "1", "+1658", false] as const) : row));
    expect(renderCountryTable(moved)).not.toBe(renderCountryTable(COUNTRY_TABLE));
    expect(renderCountryTable(moved)).toContain('["JM", "1", "+1658", false],');
  });
});
