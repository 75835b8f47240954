import { describe, expect, it } from "vitest";
import { callCost } from "../../../shared/billing";
import { parseMoney } from "../../../shared/money";
import { PUBLIC_RATES, publicRate } from "../../test/rates.fixtures";
import { toRatedCountries } from "../../lib/rates/rated-countries";
import { buildComparison, COMPARISON_CODES, EXAMPLE_CALL_SECONDS } from "./comparison-rows";
import type { OutsideSource } from "./outside-rates";

const countries = toRatedCountries(PUBLIC_RATES);

const source = (perMinute: Record<string, string>): OutsideSource => ({
  id: "carrier",
  publisher: "Some Carrier",
  url: "https://example.com/rates",
  published: { year: 2026, month: 10 },
  perMinute,
});

describe("buildComparison", () => {
  it("prices each popular country with the rates API's own range and the billing rule's 10-minute cost", () => {
    const { rows, columns } = buildComparison(countries, []);
    expect(columns).toEqual([]);
    expect(rows.map((row) => row.code)).toEqual(COMPARISON_CODES);
    for (const row of rows) {
      const api = publicRate(row.code);
      expect(row.cheapest).toBe(parseMoney(api.our_cheapest_rate));
      expect(row.mostExpensive).toBe(parseMoney(api.our_most_expensive_rate));
      expect(row.exampleCallFrom).toBe(callCost(EXAMPLE_CALL_SECONDS, parseMoney(api.our_cheapest_rate)));
      expect(row.outside).toEqual([]);
    }
  });

  it("follows a changed price: nothing is remembered besides what the API answered", () => {
    const changed = PUBLIC_RATES.map((row) => (row.country_code === "IN" ? { ...row, our_cheapest_rate: "0.0123", our_most_expensive_rate: "0.4567" } : row));
    const india = buildComparison(toRatedCountries(changed), [], ["IN"]).rows[0];
    expect(india).toMatchObject({ code: "IN", cheapest: 123, mostExpensive: 4567, exampleCallFrom: 1230 });
  });

  it("leaves out a country we do not call, keeping the order asked for", () => {
    const withoutIndia = toRatedCountries(PUBLIC_RATES.filter((row) => row.country_code !== "IN"));
    expect(buildComparison(withoutIndia, [], ["GB", "IN", "US"]).rows.map((row) => row.code)).toEqual(["GB", "US"]);
  });

  it("adds a column per source that publishes a figure for a shown country, null where it publishes none", () => {
    const published = source({ GB: "1.50" });
    const silent = { ...source({ FR: "0.90" }), id: "other" };
    const { columns, rows } = buildComparison(countries, [published, silent], ["US", "GB"]);
    expect(columns).toEqual([published]);
    expect(rows.map((row) => row.outside)).toEqual([[null], [15_000]]);
  });
});
