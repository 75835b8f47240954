import { readFileSync } from "node:fs";
import path from "node:path";
import mobileExamples from "libphonenumber-js/examples.mobile.json";
import phoneMetadata from "libphonenumber-js/metadata.max.json";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyToDecimal, type Money } from "../../../shared/money";
import { deckReach } from "../../../shared/rates/deck-reach";
import { parseDeck } from "../../../shared/rates/deck";
import { SEED_DIR } from "../../app";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { loadRatesSnapshot } from "./catalog";
import { quoteNumber } from "./quote";
import { SEED_DECK_FILE } from "./seed";

/**
 * Shown is charged: every price the public list shows for a country must be the
 * price some number of that country is quoted, and no number of it may be quoted
 * outside the shown range.
 *
 * The expectation is built here, from numbers, not from the code that works out the
 * shown prices: under every prefix of the deck, numbers are made from libphonenumber's
 * example numbers and from random digits at every length the calling code allows,
 * and each is priced by quoteNumber, the function lookups, the call gate and billing
 * charge by. The numbers the pricing code found for itself are added too, but only as
 * numbers to quote: they prove that a price is reached, never what it is.
 */
const deck = parseDeck(readFileSync(path.join(SEED_DIR, SEED_DECK_FILE), "utf8")).rows;
const ORDINARY = new Set(["landline", "mobile", "other", "satellite"]);
const callingCodes = phoneMetadata.country_calling_codes as Record<string, string[]>;
const regionMetadata = phoneMetadata.countries as unknown as Record<string, unknown[]>;
const examples = mobileExamples as Record<string, string>;

function candidateNumbers(): string[] {
  let seed = 20_251_123;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  const numbers = new Set<string>();
  for (const row of deck) {
    for (const prefix of row.prefixes) {
      const code = Object.keys(callingCodes).find((cc) => prefix.startsWith(cc) || cc.startsWith(prefix));
      if (code === undefined) continue;
      const regions = callingCodes[code] ?? [];
      const lengths = new Set(regions.flatMap((region) => (regionMetadata[region]?.[3] as number[] | undefined) ?? []).map((length) => code.length + length));
      for (const region of regions) {
        const example = examples[region];
        if (example !== undefined && code.length + example.length > prefix.length) numbers.add(prefix + (code + example).slice(prefix.length));
      }
      for (const length of lengths) {
        for (let k = 0; k < 3 && length > prefix.length; k += 1) {
          let digits = prefix;
          while (digits.length < length) digits += String(random() % 10);
          numbers.add(digits);
        }
      }
    }
  }
  for (const rows of deckReach(deck).values()) for (const item of rows) numbers.add(item.number);
  return [...numbers];
}

interface Observed {
  cheapest: Money;
  mostExpensive: Money;
  cheapestNumber: string;
  mostExpensiveNumber: string;
}

describe.each(engines)("shown prices are charged prices, on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  const candidates = candidateNumbers();

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await buildUser(server, { role: "admin" });
  });
  afterAll(() => server.close());

  /** The cheapest and dearest quote of each country's ordinary numbers, by pricing every candidate. */
  async function observe(): Promise<Map<string, Observed>> {
    const snapshot = await loadRatesSnapshot(server.database.db);
    const seen = new Map<string, Observed>();
    for (const digits of candidates) {
      const quote = quoteNumber(snapshot, `+${digits}`);
      if (!quote.ok || !ORDINARY.has(quote.lineKind)) continue;
      const entry = seen.get(quote.countryCode);
      if (entry === undefined) {
        seen.set(quote.countryCode, { cheapest: quote.rate, mostExpensive: quote.rate, cheapestNumber: digits, mostExpensiveNumber: digits });
        continue;
      }
      if (quote.rate < entry.cheapest) Object.assign(entry, { cheapest: quote.rate, cheapestNumber: digits });
      if (quote.rate > entry.mostExpensive) Object.assign(entry, { mostExpensive: quote.rate, mostExpensiveNumber: digits });
    }
    return seen;
  }

  async function shownList(): Promise<Map<string, { from: string; upTo: string }>> {
    const response = await server.app.inject("/api/rates/countries");
    const rows = response.json().countries as { country_code: string; our_cheapest_rate: string; our_most_expensive_rate: string }[];
    return new Map(rows.map((row) => [row.country_code, { from: row.our_cheapest_rate, upTo: row.our_most_expensive_rate }]));
  }

  async function expectShownIsCharged() {
    const [seen, shown] = await Promise.all([observe(), shownList()]);
    for (const [code, prices] of shown) {
      const quoted = seen.get(code);
      // [country, shown from, shown up to] against what its numbers are quoted.
      expect([code, prices.from, prices.upTo]).toEqual([
        code,
        quoted === undefined ? "no number quoted" : moneyToDecimal(quoted.cheapest),
        quoted === undefined ? "no number quoted" : moneyToDecimal(quoted.mostExpensive),
      ]);
    }
    // A country whose ordinary numbers are priced is listed (the picker offers it).
    const stored = new Set((await server.app.inject({ url: "/api/admin/rates/countries?pageSize=100&page=1", headers: { cookie: admin.cookie } })).json().countries.map((row: { country_code: string }) => row.country_code));
    for (const code of seen.keys()) if (stored.has(code)) expect([code, shown.has(code)]).toEqual([code, true]);
    return { seen, shown };
  }

  it("lists every country from its cheapest to its dearest quoted number", async () => {
    const { seen, shown } = await expectShownIsCharged();
    expect(shown.size).toBeGreaterThan(200);
    // Numbers the deck leaves to another country's row are priced, and shown, by that row.
    expect(shown.get("CA")?.from).toBe("0.0266");
    expect(moneyToDecimal(seen.get("CA")?.cheapest ?? 0)).toBe("0.0266");
  });

  it("shows an admin's band as it charges: the deck's prices clamped into it", async () => {
    const country = async (code: string) =>
      ((await server.app.inject({ url: `/api/admin/rates/countries?q=${code}&sort=code`, headers: { cookie: admin.cookie } })).json().countries as { country_code: string; version: number }[]).find(
        (row) => row.country_code === code,
      )!;
    const setBand = async (code: string, cheapest: string, mostExpensive: string) => {
      const response = await server.app.inject({
        method: "PATCH",
        url: `/api/admin/rates/countries/${code}`,
        headers: { cookie: admin.cookie },
        payload: { version: (await country(code)).version, our_cheapest_rate: cheapest, our_most_expensive_rate: mostExpensive },
      });
      expect(response.statusCode).toBe(200);
      return response.json().country as { charged_cheapest_rate: string | null; charged_most_expensive_rate: string | null };
    };

    // Every Nigerian number costs more than $0.31 on the deck: under a $0.10-$0.20 band each costs $0.20.
    const nigeria = await setBand("NG", "0.10", "0.20");
    expect(nigeria).toMatchObject({ charged_cheapest_rate: "0.2000", charged_most_expensive_rate: "0.2000" });
    await setBand("GB", "0.05", "0.10");
    await setBand("JM", "0.40", "0.60");
    await setBand("DE", "0.04", "5.00");

    const { seen, shown } = await expectShownIsCharged();
    expect(shown.get("NG")).toEqual({ from: "0.2000", upTo: "0.2000" });
    expect(seen.get("NG")).toMatchObject({ cheapest: 2000, mostExpensive: 2000 });
    expect(shown.get("GB")).toEqual({ from: "0.0500", upTo: "0.1000" });

    // The country page's landline, mobile and line prices are quotes too.
    const detail = (await server.app.inject("/api/rates/countries/ng")).json();
    expect(detail.country).toMatchObject({ our_cheapest_rate: "0.2000", our_most_expensive_rate: "0.2000", landline_rate: "0.2000", mobile_rate: "0.2000" });
    for (const line of detail.lines as { rate: string }[]) expect(line.rate).toBe("0.2000");
    const lookup = (await server.app.inject({ method: "POST", url: "/api/rates/lookup", payload: { number: `+${seen.get("NG")?.cheapestNumber}` } })).json();
    expect(lookup.rate).toBe("0.2000");
  });
});
