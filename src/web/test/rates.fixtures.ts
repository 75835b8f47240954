import { vi } from "vitest";
import deckCsv from "../../../data/provider-voice-rates.csv?raw";
import type { PublicCountryRate } from "../../shared/api/rates";
import { COUNTRIES, countryName } from "../../shared/countries/countries";
import { moneyToDecimal } from "../../shared/money";
import { lineKind } from "../../shared/rates/deck";
import { customerRate } from "../../shared/rates/pricing";
import { summarizeCountryRates } from "../../shared/rates/country-summary";
import { parseDeck } from "../../shared/rates/deck";

/**
 * Test data for the web tests: the public rate rows the server derives from the
 * real deck (data/provider-voice-rates.csv) at the default margin, so the tests
 * see the same countries and prices the product does.
 */
const { rows } = parseDeck(deckCsv);
const { summaries } = summarizeCountryRates(rows, COUNTRIES);

export const PUBLIC_RATES: PublicCountryRate[] = summaries.map((summary) => ({
  country_name: countryName(summary.code, "en"),
  country_code: summary.code,
  dial_code: summary.dialCode,
  our_cheapest_rate: moneyToDecimal(summary.cheapestRate),
  our_most_expensive_rate: moneyToDecimal(summary.mostExpensiveRate),
  is_popular: summary.isPopular,
}));

export function publicRate(code: string): PublicCountryRate {
  const row = PUBLIC_RATES.find((entry) => entry.country_code === code);
  if (!row) throw new Error(`no public rate for ${code}`);
  return row;
}

/** The countryRateDetail answer for a country with deck rows of its own (its callable lines at the default margin). */
export function countryDetail(code: string) {
  const summary = summaries.find((entry) => entry.code === code);
  if (!summary) throw new Error(`no summary for ${code}`);
  const lines = rows
    .filter((row) => row.iso === code)
    .map((row) => ({ line_type: row.lineType, line_kind: lineKind(row.lineType, row.iso), rate: moneyToDecimal(customerRate(row.carrierRate)) }))
    .filter((line) => line.line_kind !== "premium" && line.line_kind !== "personal");
  return {
    country: {
      ...publicRate(code),
      landline_rate: summary.landlineRate === null ? null : moneyToDecimal(summary.landlineRate),
      mobile_rate: summary.mobileRate === null ? null : moneyToDecimal(summary.mobileRate.cheapest),
      last_updated: "2026-01-15T00:00:00.000Z",
    },
    lines,
  };
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * Stubs fetch: the public rate list, empty translation bundles, and whatever
 * `extra` answers first. Returns the mock so tests can count calls.
 */
export function stubRatesApi(extra: Handler = () => undefined) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === "/api/rates/countries") return json({ countries: PUBLIC_RATES });
    if (url.pathname.startsWith("/api/i18n/")) return json({ language: url.pathname.split("/").pop(), strings: {} });
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", mock);
  return mock;
}
