import { readFileSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLookup } from "../../../shared/api/rates";
import { COUNTRIES } from "../../../shared/countries/countries";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import { summarizeCountryRates } from "../../../shared/rates/country-summary";
import { parseDeck } from "../../../shared/rates/deck";
import { SEED_DIR } from "../../app";
import { countryRates, rateDeckRows } from "../../db/schema/rates";
import { appSettings } from "../../db/schema/settings";
import { engines } from "../../test/engines";
import { buildUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { SEED_DECK_FILE } from "./seed";

const deck = parseDeck(readFileSync(path.join(SEED_DIR, SEED_DECK_FILE), "utf8"));

describe.each(engines)("rates API on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const lookup = (number: unknown) => server.app.inject({ method: "POST", url: "/api/rates/lookup", payload: { number } });

  it("seeds the shipped deck, the country rates and the 90% margin on first start", async () => {
    const db = server.database.db;
    const [deckRows] = await db.select({ n: count() }).from(rateDeckRows);
    const [countries] = await db.select({ n: count() }).from(countryRates);
    expect(deckRows?.n).toBe(deck.rows.length);
    expect(countries?.n).toBe(summarizeCountryRates(deck.rows, COUNTRIES).summaries.length);
    expect(await db.select().from(appSettings)).toEqual([expect.objectContaining({ key: "rate_margin_bp", value: 9000 })]);
  });

  it("lists exactly the callable countries at the deck's prices × 1.9", async () => {
    const response = await server.app.inject("/api/rates/countries");
    expect(response.statusCode).toBe(200);
    const listed = response.json().countries as { country_code: string; our_cheapest_rate: string; our_most_expensive_rate: string; is_popular: boolean }[];
    const expected = summarizeCountryRates(deck.rows, COUNTRIES).summaries;
    expect(listed.map((row) => row.country_code).sort()).toEqual(expected.map((summary) => summary.code).sort());
    for (const summary of expected) {
      const row = listed.find((item) => item.country_code === summary.code);
      expect([summary.code, row?.our_cheapest_rate, row?.our_most_expensive_rate, row?.is_popular]).toEqual([
        summary.code,
        moneyToDecimal(summary.cheapestRate),
        moneyToDecimal(summary.mostExpensiveRate),
        summary.isPopular,
      ]);
    }
  });

  it("prices a Jamaican number by 1876, not by the US 1", async () => {
    const response = await lookup("+1 876 210 1234");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ countryCode: "JM", country: "Jamaica", twilioRate: "0.33550", rate: "0.6375", lineKind: "mobile", marginPercentage: 90 });
    expect((await lookup("+12025550123")).json()).toMatchObject({ countryCode: "US", twilioRate: "0.01400", rate: "0.0266" });
  });

  it("answers lookups in exactly the shared contract's shape", async () => {
    for (const number of ["+18762101234", "+447106123456", "+4930123456", "+12025550123", "+870773111632"]) {
      const response = await lookup(number);
      expect([number, response.statusCode]).toEqual([number, 200]);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(rateLookup.response.strict().safeParse(response.json()).error).toBeUndefined();
    }
  });

  it("prices a UK mobile by its longer prefix 447106, not by 44", async () => {
    const response = await lookup("+447106123456");
    expect(response.json()).toMatchObject({ e164: "+447106123456", countryCode: "GB", lineType: "Mobile", twilioRate: "0.03050", rate: "0.0580" });
  });

  it("rounds carrier × 1.9 half up to 4 decimals and answers the fallback as the dearest stored rate", async () => {
    // 0.03050 × 1.9 = 0.05795 → 0.0580; the German landline 0.01740 × 1.9 = 0.03306 → 0.0331.
    expect((await lookup("+4930123456")).json()).toMatchObject({ twilioRate: "0.01740", rate: "0.0331" });
    const listed = (await server.app.inject("/api/rates/countries")).json().countries as { our_most_expensive_rate: string }[];
    const dearest = Math.max(...listed.map((row) => parseMoney(row.our_most_expensive_rate)));
    expect((await lookup("+447106123456")).json().fallbackRate).toBe(moneyToDecimal(dearest));
  });

  it.each([
    ["911", "emergency_blocked"],
    ["+44 999", "emergency_blocked"],
    ["+449012345678", "premium_blocked"],
    ["+447012345678", "personal_blocked"],
    ["not a number", "invalid_number"],
    ["+1 555", "invalid_number"],
  ])("refuses %s with 422 %s and an English message", async (number, code) => {
    const response = await lookup(number);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe(code);
    expect(response.json().error.message.length).toBeGreaterThan(10);
  });

  it("answers malformed bodies with 400, never 500", async () => {
    for (const payload of [{}, { number: "" }, { number: 447106123456 }, { number: "1".repeat(41) }, { number: null }]) {
      const response = await server.app.inject({ method: "POST", url: "/api/rates/lookup", payload });
      expect([JSON.stringify(payload), response.statusCode]).toEqual([JSON.stringify(payload), 400]);
    }
    const broken = await server.app.inject({ method: "POST", url: "/api/rates/lookup", headers: { "content-type": "application/json" }, payload: '{"number":' });
    expect(broken.statusCode).toBe(400);
  });

  it("never fails with 500 on any typed text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.stringMatching(/^\+?[0-9 ()-]{1,20}$/)), async (number) => {
        const response = await lookup(number);
        expect([200, 400, 422]).toContain(response.statusCode);
      }),
      { numRuns: 60 },
    );
  });

  it("describes one country with its line types, by code or by the page's slug", async () => {
    const response = await server.app.inject("/api/rates/countries/uk");
    expect(response.statusCode).toBe(200);
    const { country, lines } = response.json();
    expect(country).toMatchObject({ country_code: "GB", dial_code: "+44", our_cheapest_rate: "0.0300", landline_rate: "0.0300", mobile_rate: "0.6080" });
    const types = lines.map((line: { line_type: string }) => line.line_type);
    expect(types).toEqual(expect.arrayContaining(["Standard", "Mobile", "Mobile - Other"]));
    expect(types).not.toContain("Premium Services");
    expect(types).not.toContain("Personal");
    // Canada's numbers are priced on the US "1" row, which its page must show.
    const canada = (await server.app.inject("/api/rates/countries/ca")).json();
    expect(canada.lines).toContainEqual({ line_type: "Standard", line_kind: "landline", rate: "0.0266" });
  });

  it("answers 404 not_found for a country it does not price", async () => {
    for (const code of ["xx", "CU"]) {
      const response = await server.app.inject(`/api/rates/countries/${code}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("not_found");
    }
  });

  it("gives signed-in customers the list with the margin, and refuses visitors", async () => {
    expect((await server.app.inject("/api/rates")).statusCode).toBe(401);
    const customer = await buildUser(server);
    const response = await server.app.inject({ url: "/api/rates", headers: { cookie: customer.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().marginPercentage).toBe(90);
    expect(response.json().countries.find((row: { country_code: string }) => row.country_code === "JM")).toMatchObject({ dial_code: "+1876" });
  });
});
