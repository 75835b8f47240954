import { describe, expect, it } from "vitest";
import type { CountryRateSummary } from "../../../shared/rates/country-summary";
import { clampToBand, planCountryRates, type StoredCountryRate } from "./country-rate-values";

const summary = (code: string, cheapest: number, mostExpensive: number, extra: Partial<CountryRateSummary> = {}): CountryRateSummary => ({
  code,
  dialCode: "+99",
  isPopular: false,
  cheapestRate: cheapest,
  mostExpensiveRate: mostExpensive,
  landlineRate: cheapest,
  mobileRate: { cheapest: mostExpensive, mostExpensive },
  maxCallableRate: mostExpensive,
  rateSources: [code],
  ...extra,
});

const stored = (code: string, cheapest: number, mostExpensive: number, extra: Partial<StoredCountryRate> = {}): StoredCountryRate => ({
  id: code.charCodeAt(0) * 100 + code.charCodeAt(1),
  version: 1,
  lastUpdated: new Date("2026-01-01T00:00:00Z"),
  countryCode: code,
  countryName: code === "JM" ? "Jamaica" : code === "GB" ? "United Kingdom" : "Germany",
  dialCode: "+99",
  band: { cheapest, mostExpensive },
  landlineRate: cheapest,
  mobileRate: mostExpensive,
  isPopular: false,
  manualOverride: false,
  ...extra,
});

describe("clampToBand", () => {
  it("keeps a rate inside the band and moves one outside to the nearest end", () => {
    const band = { cheapest: 300, mostExpensive: 900 };
    expect([clampToBand(500, band), clampToBand(100, band), clampToBand(6080, band)]).toEqual([500, 300, 900]);
  });
});

describe("planCountryRates", () => {
  it("adds new countries, popular by the default list", () => {
    const plan = planCountryRates([summary("GB", 300, 6080), summary("DE", 331, 6650)], [], new Set(["GB"]));
    expect(plan.inserts.map((row) => [row.countryCode, row.isPopular, row.band])).toEqual([
      ["GB", true, { cheapest: 300, mostExpensive: 6080 }],
      ["DE", false, { cheapest: 331, mostExpensive: 6650 }],
    ]);
    expect(plan.inserts[0]?.mobileRate).toBe(6080);
  });

  it("re-derives an ordinary country but keeps the admin's popular flag", () => {
    const plan = planCountryRates([summary("DE", 400, 7000)], [stored("DE", 331, 6650, { isPopular: true })], new Set());
    expect(plan.updates).toHaveLength(1);
    expect(plan.updates[0]?.next).toMatchObject({ band: { cheapest: 400, mostExpensive: 7000 }, isPopular: true, manualOverride: false });
  });

  it("keeps an overridden band and clamps its line rates into it", () => {
    const current = stored("GB", 500, 1000, { manualOverride: true, landlineRate: 500, mobileRate: 1000 });
    const plan = planCountryRates([summary("GB", 300, 6080)], [current], new Set());
    expect(plan.keptOverrides).toEqual([{ stored: current, deck: { cheapest: 300, mostExpensive: 6080 } }]);
    expect(plan.unchanged).toBe(1);
    expect(plan.updates).toEqual([]);

    const cheaperDeck = planCountryRates([summary("GB", 300, 800, { landlineRate: 300 })], [current], new Set());
    expect(cheaperDeck.updates[0]?.next).toMatchObject({ band: { cheapest: 500, mostExpensive: 1000 }, landlineRate: 500, mobileRate: 800, manualOverride: true });
  });

  it("removes countries the deck no longer prices and counts the unchanged", () => {
    const plan = planCountryRates([summary("DE", 331, 6650)], [stored("DE", 331, 6650), stored("JM", 6375, 8180)], new Set());
    expect(plan.deletes.map((row) => row.countryCode)).toEqual(["JM"]);
    expect(plan.unchanged).toBe(1);
  });
});
