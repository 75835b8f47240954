import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COUNTRIES, getCountry } from "../countries/countries";
import { exampleNumberDigits } from "../countries/country-table-source";
import { parseMoney } from "../money";
import { checkDialable } from "../phone/number-check";
import { callableCountries, POPULAR_COUNTRY_CODES, summarizeCountryRates } from "./country-summary";
import { parseDeck, type DeckRow } from "./deck";
import { buildPrefixIndex } from "./prefix-index";
import { customerRate } from "./pricing";

const { rows } = parseDeck(readFileSync(new URL("../../../data/provider-voice-rates.csv", import.meta.url), "utf8"));
const index = buildPrefixIndex(rows);
const result = summarizeCountryRates(rows, COUNTRIES, { index });
const summary = (code: string) => result.summaries.find((item) => item.code === code);

describe("summarizeCountryRates on the real deck", () => {
  it("summarizes every list country that has deck rows of its own", () => {
    const withRows = new Set(rows.map((row) => row.iso));
    for (const entry of COUNTRIES.filter((item) => withRows.has(item.code))) {
      expect([entry.code, summary(entry.code) !== undefined]).toEqual([entry.code, true]);
    }
  });

  it("names exactly the regions no row prices, and the deck codes that are not regions", () => {
    // Data snapshot: a deck refresh that changes these should be looked at.
    // Western Sahara's numbers are Moroccan to the phone library, so no number is quoted as EH.
    expect(result.unpriced).toEqual(["AC", "CU", "EH", "IR", "NR", "NU", "SH", "ST", "SY", "TA", "TK", "TV"]);
    expect(result.unlisted).toEqual(["AN", "ZZ"]);
    const withRows = new Set(rows.map((row) => row.iso));
    for (const code of result.unpriced) expect(withRows.has(code)).toBe(false);
    expect(result.summaries.length + result.unpriced.length).toBe(COUNTRIES.length);
  });

  it("gives every picker country a rate its numbers are actually charged within", () => {
    const picker = callableCountries(COUNTRIES, result.summaries);
    expect(picker.length).toBe(result.summaries.length);
    for (const entry of picker) {
      const item = summary(entry.code);
      expect(item?.cheapestRate).toBeGreaterThan(0);
      const example = exampleNumberDigits(entry.code);
      if (example === null) continue;
      const check = checkDialable(`+${example}`, index);
      expect([entry.code, check.ok]).toEqual([entry.code, true]);
      // Some examples are another region's number to the phone library (a Saint-Barthélemy mobile is Guadeloupe's).
      if (check.ok && item && check.countryCode === entry.code) {
        expect(check.rate).toBeLessThanOrEqual(item.maxCallableRate);
        if (check.lineKind !== "special" && check.lineKind !== "toll_free") {
          expect(check.rate).toBeGreaterThanOrEqual(item.cheapestRate);
          expect(check.rate).toBeLessThanOrEqual(item.mostExpensiveRate);
        }
      }
    }
  });

  it("prices NANP territories by their own 1xxx rows, and by the US row only where the deck leaves numbers to it", () => {
    for (const entry of COUNTRIES.filter((item) => item.callingCode === "1" && item.code !== "US" && item.code !== "CA")) {
      const sources = summary(entry.code)?.rateSources;
      if (sources !== undefined) expect([entry.code, sources[0]]).toEqual([entry.code, entry.code]);
    }
    // Jamaica's second area code, 658, has no row of its own, and its longest prefix is the US "1": its numbers
    // are priced at Jamaica's dearest ordinary row, never at the US row's fraction of it.
    expect(checkDialable("+16582123456", index)).toMatchObject({ ok: true, countryCode: "JM", rateCountryCode: "JM", rate: customerRate(43050) });
    expect(summary("JM")).toEqual({
      code: "JM",
      dialCode: "+1876",
      isPopular: false,
      cheapestRate: customerRate(33550), // Mobile 0.3355
      mostExpensiveRate: customerRate(43050), // Standard 0.4305 (and 658 numbers)
      landlineRate: parseMoney("0.8180"),
      mobileRate: { cheapest: customerRate(33550), mostExpensive: customerRate(33550) },
      maxCallableRate: customerRate(43050),
      rateSources: ["JM"],
    });
  });

  it("gives no price to a row no valid number falls to", () => {
    // Mexico dropped the mobile "1" in 2019: +52 1… numbers are not valid, so the 521 mobile row prices nothing.
    expect(summary("MX")?.mostExpensiveRate).toBe(customerRate(1520));
    expect(summary("MX")?.mobileRate).toBeNull();
  });

  it("gives Canada the US Standard row its numbers are priced at, plus its own Yukon row", () => {
    expect(summary("CA")).toMatchObject({
      dialCode: "+1",
      isPopular: true,
      cheapestRate: parseMoney("0.0266"),
      landlineRate: parseMoney("0.0266"),
      mostExpensiveRate: customerRate(15250), // Yukon 0.1525
      rateSources: ["CA", "US"],
    });
  });

  it("keeps premium, personal and special rows out of the UK's range", () => {
    const gb = summary("GB");
    expect(gb).toMatchObject({
      landlineRate: parseMoney("0.0300"), // 0.0158 × 1.9
      cheapestRate: parseMoney("0.0300"),
      mostExpensiveRate: customerRate(32000), // Mobile - Other, not Premium 1.0479 or Personal 0.4725
      mobileRate: { cheapest: parseMoney("0.0580"), mostExpensive: customerRate(32000) },
      rateSources: ["GB"],
    });
    expect(gb?.maxCallableRate).toBe(customerRate(32000)); // Special Services 0.2625 is cheaper
  });

  it("prices regions filed under another code by the rows their numbers reach", () => {
    expect(summary("GG")?.rateSources).toEqual(["GB"]);
    expect(summary("YT")?.rateSources).toEqual(["RE"]);
    expect(summary("CW")?.rateSources).toEqual(["AN"]);
    expect(summary("AX")?.rateSources).toEqual(["FI"]);
  });

  it("marks the footer's twelve popular countries, all priced", () => {
    expect(POPULAR_COUNTRY_CODES).toHaveLength(12);
    expect(result.summaries.filter((item) => item.isPopular).map((item) => item.code).sort()).toEqual(
      [...POPULAR_COUNTRY_CODES].sort(),
    );
  });

  it("follows the margin setting", () => {
    const atCost = summarizeCountryRates(rows, COUNTRIES.filter((entry) => entry.code === "US"), { marginBp: 0 });
    expect(atCost.summaries[0]?.cheapestRate).toBe(140);
  });
});

describe("summarizeCountryRates on a small deck", () => {
  const de = getCountry("DE");
  if (de === undefined) throw new Error("DE missing");
  const row = (lineType: string, usd: number, prefixes: string[]): DeckRow => ({
    iso: "DE",
    country: "Germany",
    lineType,
    carrierRate: usd,
    prefixes,
  });
  const deck: DeckRow[] = [
    row("Standard", 1000, ["49"]),
    row("Mobile", 5000, ["4915", "4916", "4917"]),
    row("Mobile - Other", 6000, ["49176"]),
    row("Premium Services", 100_000, ["49900"]),
    row("Personal", 90_000, ["49700"]),
    row("Special Services", 50_000, ["49180"]),
    row("Toll Free", 2000, ["49800"]),
  ];

  it("ranges over ordinary lines and bounds every callable line", () => {
    const [item] = summarizeCountryRates(deck, [de], { popular: [] }).summaries;
    expect(item).toEqual({
      code: "DE",
      dialCode: "+49",
      isPopular: false,
      cheapestRate: 190,
      mostExpensiveRate: 1140,
      landlineRate: 190,
      mobileRate: { cheapest: 950, mostExpensive: 1140 },
      maxCallableRate: 9500, // special services; premium and personal are never a price
      rateSources: ["DE"],
    });
  });

  it("falls back to service rows when a country has nothing else, and skips refused-only countries", () => {
    const specialOnly = summarizeCountryRates([row("Special Services", 50_000, ["49180"])], [de]);
    expect(specialOnly.summaries[0]).toMatchObject({ cheapestRate: 9500, mostExpensiveRate: 9500, landlineRate: null, mobileRate: null });
    const premiumOnly = summarizeCountryRates([row("Premium Services", 50_000, ["49"])], [de]);
    expect(premiumOnly.summaries).toEqual([]);
    expect(premiumOnly.unpriced).toEqual(["DE"]);
  });
});
