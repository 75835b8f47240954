import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SEED_DIR } from "../../app";
import { createEventBus } from "../../db/bus";
import { auditLog } from "../../db/schema/audit";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { commitRateImport } from "./import-service";
import { SEED_DECK_FILE } from "./seed";

const shippedDeck = readFileSync(path.join(SEED_DIR, SEED_DECK_FILE), "utf8");

/** The shipped deck with one row's price replaced ("JM,Jamaica,Mobile,0.33550" → the given price). */
function withPrice(csv: string, rowStart: string, price: string): string {
  const pattern = new RegExp(`^(${rowStart.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}),[0-9.]+,`, "m");
  if (!pattern.test(csv)) throw new Error(`no row ${rowStart}`);
  return csv.replace(pattern, `$1,${price},`);
}


describe.each(engines)("rate deck import on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await buildUser(server, { role: "admin" });
  });
  afterAll(() => server.close());

  const asAdmin = (url: string, payload: object) => server.app.inject({ method: "POST", url, headers: { cookie: admin.cookie }, payload });
  const lookup = async (number: string) => (await server.app.inject({ method: "POST", url: "/api/rates/lookup", payload: { number } })).json();
  const jamaica = async () =>
    ((await server.app.inject({ url: "/api/admin/rates/countries?q=JM", headers: { cookie: admin.cookie } })).json().countries as { country_code: string; version: number }[]).find(
      (row) => row.country_code === "JM",
    )!;

  it("previews what a deck changes, and reports rejected lines with their line number", async () => {
    const csv = `${withPrice(shippedDeck, "DE,Germany,Standard", "0.02000")}XX,Nowhere,Standard,abc,999\r\nQQ,Broken,Standard,0.01000\r\n`;
    const response = await asAdmin("/api/admin/rates/import/preview", { csv });
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    const lastLine = shippedDeck.trimEnd().split("\r\n").length;
    expect(preview.rejected).toEqual([
      { line: lastLine + 1, reason: expect.stringContaining("price") },
      { line: lastLine + 2, reason: expect.stringContaining("columns") },
    ]);
    expect(preview.canCommit).toBe(false);
    // 0.02 × 1.9 = 0.038: Germany's cheapest price moves from 0.0331.
    expect(preview.repriced).toEqual([{ code: "DE", name: "Germany", before: { cheapest: "0.0331", mostExpensive: "0.6650" }, after: { cheapest: "0.0380", mostExpensive: "0.6650" } }]);
    expect(preview.added).toEqual([]);
    expect(preview.removed).toEqual([]);
  });

  it("refuses to commit a deck with rejected lines, or none, and changes nothing", async () => {
    const rejected = await asAdmin("/api/admin/rates/import", { csv: `${shippedDeck}ZZZ,bad\r\n` });
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().error.code).toBe("deck_rejected_rows");
    const empty = await asAdmin("/api/admin/rates/import", { csv: "iso,country,line_type,usd_per_min,destination_prefixes\r\n" });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.code).toBe("deck_empty");
    expect((await asAdmin("/api/admin/rates/import", { csv: 42 })).statusCode).toBe(400);
    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "rate_deck.import"));
    expect(audits).toEqual([]);
  });

  it("re-imports: prices follow the deck, an admin's override survives, and the import is audited", async () => {
    const current = await jamaica();
    const edit = await server.app.inject({
      method: "PATCH",
      url: "/api/admin/rates/countries/JM",
      headers: { cookie: admin.cookie },
      payload: { version: current.version, our_cheapest_rate: "0.7000", our_most_expensive_rate: "0.9000" },
    });
    expect(edit.statusCode).toBe(200);

    let csv = withPrice(shippedDeck, "JM,Jamaica,Standard", "0.10000");
    csv = withPrice(csv, "JM,Jamaica,Mobile", "0.10000");
    csv = withPrice(csv, "GB,United Kingdom,Mobile", "0.04000");
    const response = await asAdmin("/api/admin/rates/import", { csv });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.committed).toBe(true);
    // The deck's Jamaican numbers, its 658 area code included (priced at Jamaica's dearest row), all cost 0.19 now.
    expect(result.keptOverrides).toEqual([{ code: "JM", name: "Jamaica", band: { cheapest: "0.7000", mostExpensive: "0.9000" }, deck: { cheapest: "0.1900", mostExpensive: "0.1900" } }]);

    // Jamaica keeps the admin's band: the deck's 0.19 is clamped up to 0.70.
    expect(await lookup("+18762101234")).toMatchObject({ twilioRate: "0.10000", rate: "0.7000" });
    expect((await jamaica())).toMatchObject({ our_cheapest_rate: "0.7000", our_most_expensive_rate: "0.9000", manual_override: true });
    // The UK is re-derived: 0.04 × 1.9 = 0.076.
    expect(await lookup("+447106123456")).toMatchObject({ twilioRate: "0.04000", rate: "0.0760" });

    const [audit] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "rate_deck.import"));
    expect(audit).toMatchObject({ actorUserId: admin.id, subjectType: "rate_deck" });
    expect(audit?.after).toMatchObject({ source: "admin upload", deckRows: result.deckRows, keptOverrides: result.keptOverrides });
  });

  it("rebuilds a running instance's prices from the bus when another process imports", async () => {
    // Another process (the CLI, or a second instance) on the same database: its own bus, its own transaction.
    const bus = await createEventBus(server.database.db, server.database.listen, () => undefined);
    try {
      await commitRateImport({ db: server.database.db, bus, actorUserId: null, source: "cli.csv" }, withPrice(shippedDeck, "GB,United Kingdom,Mobile", "0.05000"));
    } finally {
      await bus.close();
    }
    // The running instance hears the import on the bus and rebuilds: wait for that, not for a time.
    await vi.waitFor(async () => expect(await lookup("+447106123456")).toMatchObject({ twilioRate: "0.05000", rate: "0.0950" }), { timeout: 5000, interval: 25 });
    const detail = (await server.app.inject("/api/rates/countries/GB")).json();
    expect(detail.lines).toContainEqual({ line_type: "Mobile", line_kind: "mobile", rate: "0.0950" });
  });

  it("accepts a deck larger than the API's usual body limit", async () => {
    const padding = Array.from({ length: 4000 }, (_, index) => `ZZ,Padding,Satellite ${index},1.00000,8817${String(index).padStart(5, "0")}`).join("\r\n");
    const csv = `${shippedDeck}${padding}\r\n`;
    expect(csv.length).toBeGreaterThan(256 * 1024);
    const response = await asAdmin("/api/admin/rates/import/preview", { csv });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ rejected: [], canCommit: true });
  });
});
