import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";

describe.each(engines)("admin country rates on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    server = await startTestServer(engine);
    [admin, customer] = await Promise.all([buildUser(server, { role: "admin" }), buildUser(server)]);
  });
  afterAll(() => server.close());

  const asAdmin = (method: "GET" | "PATCH" | "POST", url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  const country = async (code: string) => {
    const response = await asAdmin("GET", `/api/admin/rates/countries?q=${code}&sort=code`);
    return (response.json().countries as { country_code: string; version: number; [key: string]: unknown }[]).find((row) => row.country_code === code)!;
  };
  const lookup = async (number: string) => (await server.app.inject({ method: "POST", url: "/api/rates/lookup", payload: { number } })).json();

  it("refuses every admin endpoint to a customer (403) and a visitor (401)", async () => {
    const calls = [
      { method: "GET" as const, url: "/api/admin/rates/countries" },
      { method: "PATCH" as const, url: "/api/admin/rates/countries/JM", payload: { version: 1, is_popular: true } },
      { method: "POST" as const, url: "/api/admin/rates/import/preview", payload: { csv: "x" } },
      { method: "POST" as const, url: "/api/admin/rates/import", payload: { csv: "x" } },
      { method: "GET" as const, url: "/api/admin/rates/export" },
      { method: "GET" as const, url: "/api/admin/rates/audit" },
    ];
    for (const call of calls) {
      expect([call.url, (await server.app.inject({ ...call, headers: { cookie: customer.cookie } })).statusCode]).toEqual([call.url, 403]);
      expect([call.url, (await server.app.inject(call)).statusCode]).toEqual([call.url, 401]);
    }
  });

  it("searches by name, ISO code and dial code, sorts and pages", async () => {
    const codes = async (query: string) =>
      ((await asAdmin("GET", `/api/admin/rates/countries?${query}`)).json().countries as { country_code: string }[]).map((row) => row.country_code);
    expect(await codes("q=jama")).toEqual(["JM"]);
    expect(await codes("q=%2B1876")).toEqual(["JM"]);
    expect(await codes("q=gb")).toEqual(["GB"]);
    expect(await codes("q=_")).toEqual([]);

    // A dial code matches from its start, with or without the plus: never +244 (Angola) or +1441 (Bermuda).
    const uk = ["GB", "GG", "IM", "JE"];
    expect(await codes("q=%2B44&sort=code")).toEqual(uk);
    expect(await codes("q=44&sort=code")).toEqual(await codes("q=%2B44&sort=code"));
    for (const query of ["q=%2B44", "q=44", "q=%2B4"]) {
      const found = await codes(`${query}&pageSize=100`);
      expect([query, found.includes("AO"), found.includes("BM")]).toEqual([query, false, false]);
    }
    expect(await codes("q=%2B1&pageSize=100")).toEqual(expect.arrayContaining(["US", "CA", "JM", "BM"]));
    // Names match in the admin's language and in English.
    expect(await codes("q=tysk&lang=sv")).toEqual(["DE"]);
    expect(await codes("q=germ&lang=sv")).toEqual(["DE"]);
    expect(await codes("q=%D0%B3%D0%B5%D1%80%D0%BC&lang=ru")).toEqual(["DE"]);

    const page1 = (await asAdmin("GET", "/api/admin/rates/countries?sort=most_expensive&dir=desc&pageSize=5")).json();
    const page2 = (await asAdmin("GET", "/api/admin/rates/countries?sort=most_expensive&dir=desc&pageSize=5&page=2")).json();
    expect(page1.countries).toHaveLength(5);
    expect(page1.total).toBeGreaterThan(200);
    expect(page1.marginPercentage).toBe(90);
    const prices = [...page1.countries, ...page2.countries].map((row: { our_most_expensive_rate: string }) => Number(row.our_most_expensive_rate));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(new Set([...page1.countries, ...page2.countries].map((row: { country_code: string }) => row.country_code)).size).toBe(10);

    // Names sort as the admin reads them: in Swedish, Österrike (Austria) comes after Zimbabwe.
    expect(await codes("sort=name&dir=desc&pageSize=3&lang=sv")).toContain("AT");
    expect(await codes("sort=name&dir=desc&pageSize=3&lang=en")).toEqual(["ZW", "ZM", "YE"]);

    expect((await asAdmin("GET", "/api/admin/rates/countries?sort=price")).statusCode).toBe(400);
    expect((await asAdmin("GET", "/api/admin/rates/countries?pageSize=1000")).statusCode).toBe(400);
  });

  it("overrides a price: audited, charged (clamped) and shown publicly", async () => {
    const before = await country("JM");
    const response = await asAdmin("PATCH", "/api/admin/rates/countries/jm", {
      version: before.version,
      our_cheapest_rate: "0.5",
      our_most_expensive_rate: "0.6000",
      is_popular: true,
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json().country;
    expect(updated).toMatchObject({ our_cheapest_rate: "0.5000", our_most_expensive_rate: "0.6000", manual_override: true, is_popular: true, version: before.version + 1 });
    expect(new Date(updated.last_updated).getTime()).toBeGreaterThan(new Date(before.last_updated as string).getTime());

    // The deck prices this Jamaican mobile at 0.6375: under the band it costs 0.6000.
    expect(await lookup("+18762101234")).toMatchObject({ countryCode: "JM", rate: "0.6000", twilioRate: "0.33550" });
    const publicRow = (await server.app.inject("/api/rates/countries")).json().countries.find((row: { country_code: string }) => row.country_code === "JM");
    // Shown is charged: every Jamaican number (the deck's 0.6375 and 0.8180, and the 658 numbers at Jamaica's dearest
    // row) is clamped down to 0.6000, so no number costs the band's 0.5000 and the public price says so.
    expect(publicRow).toMatchObject({ our_cheapest_rate: "0.6000", our_most_expensive_rate: "0.6000", is_popular: true });

    const [audit] = await server.database.db.select().from(auditLog).where(eq(auditLog.subjectId, "JM"));
    expect(audit).toMatchObject({ actorUserId: admin.id, action: "country_rate.update", subjectType: "country_rate" });
    expect(audit?.before).toMatchObject({ our_cheapest_rate: before.our_cheapest_rate, manual_override: false });
    expect(audit?.after).toMatchObject({ our_cheapest_rate: "0.5000", our_most_expensive_rate: "0.6000", manual_override: true });

    const trail = (await asAdmin("GET", "/api/admin/rates/audit?code=JM")).json();
    expect(trail.total).toBe(1);
    expect(trail.entries[0]).toMatchObject({ action: "country_rate.update", subjectId: "JM", actor: { id: admin.id, email: admin.email } });
  });

  it("turning the override off restores the deck's prices", async () => {
    const current = await country("JM");
    const response = await asAdmin("PATCH", "/api/admin/rates/countries/JM", { version: current.version, manual_override: false });
    // The deck's cheapest Jamaican number is a mobile at 0.6375 (the 658 numbers take Jamaica's dearest row, 0.8180).
    expect(response.json().country).toMatchObject({
      manual_override: false,
      our_cheapest_rate: "0.6375",
      our_most_expensive_rate: "0.8180",
      charged_cheapest_rate: "0.6375",
      charged_most_expensive_rate: "0.8180",
    });
    expect(await lookup("+18762101234")).toMatchObject({ rate: "0.6375" });
  });

  it("answers 409 conflict to an edit made from a stale version, and changes nothing", async () => {
    const current = await country("DE");
    expect((await asAdmin("PATCH", "/api/admin/rates/countries/DE", { version: current.version, is_popular: false })).statusCode).toBe(200);
    const stale = await asAdmin("PATCH", "/api/admin/rates/countries/DE", { version: current.version, our_cheapest_rate: "0.01", our_most_expensive_rate: "0.02" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe("conflict");
    expect(await country("DE")).toMatchObject({ manual_override: false, is_popular: false });
  });

  it.each([
    [{ our_cheapest_rate: "abc" }, "price_invalid"],
    [{ our_cheapest_rate: "0.12345" }, "price_invalid"],
    [{ our_cheapest_rate: "-1" }, "price_invalid"],
    [{ our_cheapest_rate: "0" }, "price_out_of_range"],
    [{ our_most_expensive_rate: "100.0001" }, "price_out_of_range"],
    [{ our_cheapest_rate: "0.9", our_most_expensive_rate: "0.5" }, "price_range_invalid"],
    [{ our_cheapest_rate: "0.1", manual_override: false }, "price_requires_override"],
  ])("refuses %j with 400 %s and writes nothing", async (change, code) => {
    const current = await country("FR");
    const response = await asAdmin("PATCH", "/api/admin/rates/countries/FR", { version: current.version, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(code);
    expect(response.json().error.message).toMatch(/price/i);
    expect((await country("FR")).version).toBe(current.version);
  });

  it("answers 400 for a malformed edit and 404 for an unknown country", async () => {
    expect((await asAdmin("PATCH", "/api/admin/rates/countries/FR", { is_popular: "yes" })).statusCode).toBe(400);
    expect((await asAdmin("PATCH", "/api/admin/rates/countries/FRA", { version: 1 })).statusCode).toBe(400);
    const missing = await asAdmin("PATCH", "/api/admin/rates/countries/CU", { version: 1, is_popular: true });
    expect(missing.statusCode).toBe(404);
  });

  it("exports the country rates and the deck as CSV downloads", async () => {
    const countries = await asAdmin("GET", "/api/admin/rates/export");
    expect(countries.statusCode).toBe(200);
    expect(countries.headers["content-type"]).toMatch(/^text\/csv/);
    expect(countries.headers["content-disposition"]).toMatch(/attachment; filename="dialwise-country-rates-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = countries.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("country_code,country_name,dial_code,our_cheapest_rate,our_most_expensive_rate,landline_rate,mobile_rate,is_popular,manual_override,last_updated");
    expect(lines.find((line) => line.startsWith("JM,"))).toMatch(/^JM,Jamaica,\+1876,0\.6375,0\.8180,/);

    const deck = await asAdmin("GET", "/api/admin/rates/export?kind=deck");
    expect(deck.headers["content-type"]).toMatch(/^text\/csv/);
    expect(deck.body.split("\r\n")[0]).toBe("iso,country,line_type,usd_per_min,destination_prefixes");
    expect(deck.body).toContain("JM,Jamaica,Standard,0.43050,1876\r\n");
  });
});
