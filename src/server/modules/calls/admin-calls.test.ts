import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_CALLS_PAGE_SIZE, adminCallDetail, adminCalls } from "../../../shared/api/admin-calls";
import { readCsvRecords } from "../../../shared/csv/read-csv";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { grant, newCallSid, placeCall, reportStatus } from "../../test/calls";
import { insertCall } from "../../test/history-calls";
import { startTestServer, type TestServer } from "../../test/test-server";
import { allAdminCalls, carrierCost } from "./admin-service";

const at = (iso: string) => new Date(iso);
const parseCsv = (text: string) => readCsvRecords(text).map((record) => record.fields);
const poorQuality = { rttMs: 620, jitterMs: 12, packetLoss: 0.002, mos: null, packetsSent: 5000, packetsReceived: 4990 };

describe("a call's carrier cost", () => {
  it("is the billed minutes at the carrier's rate, rounded half up to the ten-thousandth", () => {
    expect(carrierCost(2, "0.12500")).toBe(2500);
    // 3 × 0.01235 = 0.03705: the fifth decimal is a 5, so up to 0.0371.
    expect(carrierCost(3, "0.01235")).toBe(371);
    // 1 × 0.01234 = 0.01234: down to 0.0123.
    expect(carrierCost(1, "0.01234")).toBe(123);
    expect(carrierCost(0, "0.01235")).toBe(0);
    expect(carrierCost(5, null)).toBeNull();
  });
});

describe.each(engines)("the back office's calls on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
    admin = await buildUser(server, { role: "admin" });
  });
  afterAll(() => server.close());

  const get = (person: TestUser | null, url: string) => server.app.inject({ url, headers: person ? { cookie: person.cookie } : {} });
  const list = async (query: string) => {
    const response = await get(admin, `/api/admin/calls${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return adminCalls.response.parse(response.json());
  };

  /**
   * Two customers whose emails share a tag no other test uses, and five calls in March 2026:
   *   anna  03-01 10:00 JM completed  90 s, 2 min billed, $0.5000 at $0.2500; carrier 0.12500 → $0.2500, margin $0.2500
   *   bo    03-02 12:00 SE incoming   45 s from +46701234567, never charged, no carrier rate
   *   anna  03-02 10:00 GB completed 150 s, 3 min billed, $0.0705 at $0.0235; carrier 0.01235 → $0.0371, margin $0.0334; poor quality
   *   anna  03-03 10:00 GB busy        0 s, nothing billed; carrier 0.01235 → $0.0000
   *   bo    03-04 08:00 JM completed  40 s, 1 min billed, $0.2500; carrier 0.12500 → $0.1250, margin $0.1250
   */
  async function seedTagged() {
    const tag = randomBytes(4).toString("hex");
    const anna = await buildUser(server, { email: `anna-${tag}@example.com` });
    const bo = await buildUser(server, { email: `bo-${tag}@example.org` });
    const db = server.database.db;
    const jamaica = await insertCall(db, anna.id, { startedAt: at("2026-03-01T10:00:00.000Z"), durationSeconds: 90, billedMinutes: 2, costUsd: "0.5000" });
    const incoming = await insertCall(db, bo.id, {
      startedAt: at("2026-03-02T12:00:00.000Z"),
      direction: "inbound",
      toNumber: `client:${bo.id}`,
      fromNumber: "+46701234567",
      countryCode: "SE",
      ratePerMin: "0",
      carrierRate: null,
      ratePrefix: null,
      marginBp: null,
      durationSeconds: 45,
      billedMinutes: 0,
      costUsd: "0",
    });
    const uk = await insertCall(db, anna.id, {
      startedAt: at("2026-03-02T10:00:00.000Z"),
      toNumber: "+447106123456",
      countryCode: "GB",
      ratePerMin: "0.0235",
      carrierRate: "0.01235",
      marginBp: 9000,
      durationSeconds: 150,
      billedMinutes: 3,
      costUsd: "0.0705",
      qualityRating: 4,
      quality: poorQuality,
    });
    const busy = await insertCall(db, anna.id, {
      startedAt: at("2026-03-03T10:00:00.000Z"),
      toNumber: "+447106123999",
      countryCode: "GB",
      ratePerMin: "0.0235",
      carrierRate: "0.01235",
      status: "busy",
      answeredAt: null,
      durationSeconds: 0,
      billedMinutes: 0,
      costUsd: "0",
    });
    const second = await insertCall(db, bo.id, { startedAt: at("2026-03-04T08:00:00.000Z"), durationSeconds: 40, billedMinutes: 1, costUsd: "0.2500" });
    return { tag, anna, bo, calls: { jamaica, incoming, uk, busy, second } };
  }

  it("lists every customer's calls newest first, with each call's customer, carrier cost, margin and quality grade", async () => {
    const { tag, anna, bo, calls } = await seedTagged();
    const all = await list(`?email=${tag}`);
    expect(all.calls.map((call) => call.callSid)).toEqual([calls.second, calls.busy, calls.incoming, calls.uk, calls.jamaica].map((call) => call.callSid));
    expect(all.calls.map((call) => call.userEmail)).toEqual([bo.email, anna.email, bo.email, anna.email, anna.email]);
    expect(all.totals).toEqual({ calls: 5, talkSeconds: 90 + 45 + 150 + 40, billedMinutes: 6, revenueUsd: "0.8205", carrierCostUsd: "0.4121", marginUsd: "0.4084" });
    expect(all.page).toBe(1);
    expect(all.pageCount).toBe(1);

    const uk = all.calls.find((call) => call.callSid === calls.uk.callSid);
    expect(uk).toMatchObject({
      direction: "outbound",
      toNumber: "+447106123456",
      countryCode: "GB",
      ratePerMin: "0.0235",
      carrierRate: "0.01235",
      marginBp: 9000,
      carrierCostUsd: "0.0371",
      marginUsd: "0.0334",
      qualityGrade: "poor",
      qualityRating: 4,
      quality: { rttMs: 620 },
    });
    expect(all.calls.find((call) => call.callSid === calls.incoming.callSid)).toMatchObject({
      direction: "inbound",
      fromNumber: "+46701234567",
      carrierRate: null,
      carrierCostUsd: null,
      marginUsd: null,
      qualityGrade: null,
    });
  });

  it("filters by days, status, direction, country, a part of the email and a part of the number, and totals only what it finds", async () => {
    const { tag, calls } = await seedTagged();
    const sids = (page: { calls: { callSid: string }[] }) => page.calls.map((call) => call.callSid);

    const annaOnly = await list(`?email=${encodeURIComponent(` ANNA-${tag} `)}`);
    expect(sids(annaOnly)).toEqual([calls.busy, calls.uk, calls.jamaica].map((call) => call.callSid));
    expect(annaOnly.totals).toEqual({ calls: 3, talkSeconds: 240, billedMinutes: 5, revenueUsd: "0.5705", carrierCostUsd: "0.2871", marginUsd: "0.2834" });

    const days = await list(`?email=${tag}&from=2026-03-02&to=2026-03-03`);
    expect(sids(days)).toEqual([calls.busy, calls.incoming, calls.uk].map((call) => call.callSid));
    expect(days.totals).toEqual({ calls: 3, talkSeconds: 195, billedMinutes: 3, revenueUsd: "0.0705", carrierCostUsd: "0.0371", marginUsd: "0.0334" });

    const busy = await list(`?email=${tag}&status=busy`);
    expect(sids(busy)).toEqual([calls.busy.callSid]);
    expect(busy.totals).toEqual({ calls: 1, talkSeconds: 0, billedMinutes: 0, revenueUsd: "0.0000", carrierCostUsd: "0.0000", marginUsd: "0.0000" });

    const incoming = await list(`?email=${tag}&direction=inbound`);
    expect(sids(incoming)).toEqual([calls.incoming.callSid]);
    expect(incoming.totals).toMatchObject({ calls: 1, talkSeconds: 45, revenueUsd: "0.0000", carrierCostUsd: "0.0000" });

    const jamaica = await list(`?email=${tag}&country=jm`);
    expect(sids(jamaica)).toEqual([calls.second, calls.jamaica].map((call) => call.callSid));
    expect(jamaica.totals).toEqual({ calls: 2, talkSeconds: 130, billedMinutes: 3, revenueUsd: "0.7500", carrierCostUsd: "0.3750", marginUsd: "0.3750" });

    // Typed as people write numbers: spaces and dashes are not part of a stored number.
    const byNumber = await list(`?email=${tag}&number=${encodeURIComponent("7106-123 456")}`);
    expect(sids(byNumber)).toEqual([calls.uk.callSid]);
    // The caller of an incoming call is found too.
    expect(sids(await list(`?email=${tag}&number=${encodeURIComponent("+46 70")}`))).toEqual([calls.incoming.callSid]);
    // A LIKE wildcard is an ordinary character here: it matches nothing.
    expect((await list(`?email=${tag}&number=%25`)).totals.calls).toBe(5);
    expect((await list(`?email=${encodeURIComponent(`%${tag}`)}`)).totals.calls).toBe(0);

    for (const bad of ["?from=2026-02-30", "?status=in-progress", "?direction=sideways", "?country=GBR", "?page=0"]) {
      const response = await get(admin, `/api/admin/calls${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code).toBe("validation_failed");
    }
  });

  it("pages newest first without overlap, totalling the whole filter on every page", async () => {
    const tag = randomBytes(4).toString("hex");
    const person = await buildUser(server, { email: `pages-${tag}@example.com` });
    const count = ADMIN_CALLS_PAGE_SIZE + 3;
    for (let index = 0; index < count; index++) {
      await insertCall(server.database.db, person.id, { startedAt: new Date(Date.UTC(2026, 4, 1, 0, index)), durationSeconds: 60, billedMinutes: 1, costUsd: "0.2500" });
    }
    const first = await list(`?email=${tag}`);
    const second = await list(`?email=${tag}&page=2`);
    expect(first.calls).toHaveLength(ADMIN_CALLS_PAGE_SIZE);
    expect(second.calls).toHaveLength(3);
    expect(first.pageCount).toBe(2);
    expect(first.calls[0]?.startedAt).toBe(new Date(Date.UTC(2026, 4, 1, 0, count - 1)).toISOString());
    expect(second.calls.at(-1)?.startedAt).toBe("2026-05-01T00:00:00.000Z");
    expect(new Set([...first.calls, ...second.calls].map((call) => call.id)).size).toBe(count);
    // 28 calls × $0.25 billed; carrier 0.12500 × 1 minute each = $0.125 × 28.
    const totals = { calls: count, talkSeconds: 60 * count, billedMinutes: count, revenueUsd: "7.0000", carrierCostUsd: "3.5000", marginUsd: "3.5000" };
    expect(first.totals).toEqual(totals);
    expect(second.totals).toEqual(totals);
  });

  it("shows one call placed through the gate with the carrier's events in the order received, and the ledger row that charged it", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "1");
    const callSid = newCallSid();
    expect((await placeCall(server, { callSid, userId: person.id, to: "+447106123456" })).statusCode).toBe(200);
    for (const status of ["initiated", "ringing", "in-progress"]) expect((await reportStatus(server, callSid, status)).statusCode).toBe(200);

    const live = adminCallDetail.response.parse((await get(admin, `/api/admin/calls/${callSid}`)).json());
    expect(live.call).toMatchObject({ callSid, userEmail: person.email, status: "answered" });
    // Stored in our words for the carrier's: in-progress is answered.
    expect(live.statusUpdates.map((update) => update.status)).toEqual(["initiated", "ringing", "answered"]);
    expect(live.ledgerEntry).toBeNull();

    expect((await reportStatus(server, callSid, "completed", { CallDuration: "70" })).statusCode).toBe(200);
    const done = adminCallDetail.response.parse((await get(admin, `/api/admin/calls/${callSid}`)).json());
    // The UK mobile: $0.0580 a minute (the history test's figure), two started minutes.
    expect(done.call).toMatchObject({ status: "completed", durationSeconds: 70, billedMinutes: 2, costUsd: "0.1160", ratePerMin: "0.0580" });
    expect(done.call.carrierRate).toMatch(/^\d+\.\d{5}$/);
    expect(done.statusUpdates.map((update) => update.status)).toEqual(["initiated", "ringing", "answered", "completed"]);
    expect(done.statusUpdates.at(-1)?.talkDurationSeconds).toBe(70);
    const times = done.statusUpdates.map((update) => update.receivedAt);
    expect(times).toEqual([...times].sort());
    expect(done.ledgerEntry).toMatchObject({ kind: "call", amount: "-0.1160", balanceAfter: "0.8840" });

    const missing = await get(admin, "/api/admin/calls/CAnothing");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("not_found");
  });

  it("refuses a customer with 403 and a visitor with 401, on every calls route", async () => {
    const customer = await buildUser(server);
    const call = await insertCall(server.database.db, customer.id);
    for (const url of ["/api/admin/calls", "/api/admin/calls/export.csv", `/api/admin/calls/${call.callSid}`]) {
      const asCustomer = await get(customer, url);
      expect(asCustomer.statusCode, url).toBe(403);
      expect(asCustomer.body).not.toContain(call.callSid);
      const asVisitor = await get(null, url);
      expect(asVisitor.statusCode, url).toBe(401);
    }
  });

  it("exports the same filter as CSV in the reader's language, with formula-like cells escaped", async () => {
    const { tag, anna, calls } = await seedTagged();
    // A refused call keeps what was typed as its number: a spreadsheet must not run it.
    await insertCall(server.database.db, anna.id, {
      startedAt: at("2026-03-05T09:00:00.000Z"),
      toNumber: "=HYPERLINK(\"http://x\")",
      countryCode: "",
      status: "failed",
      refusalReason: "invalid_number",
      ratePerMin: "0",
      carrierRate: null,
      answeredAt: null,
      durationSeconds: 0,
      billedMinutes: 0,
      costUsd: "0",
    });

    const response = await get(admin, `/api/admin/calls/export.csv?email=anna-${tag}&lang=en`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="dialwise-all-calls-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      "Started (UTC)",
      "Customer",
      "Direction",
      "Number",
      "Country",
      "Status",
      "Duration (seconds)",
      "Billed minutes",
      "Rate per minute (USD)",
      "Cost (USD)",
      "Carrier rate per minute (USD)",
      "Carrier cost (USD)",
      "Margin (USD)",
      "Round trip (ms)",
      "Jitter (ms)",
      "Packet loss (fraction)",
      "MOS",
      "Rating",
      "Call ID",
    ]);
    expect(rows).toHaveLength(5);
    expect(rows[1]?.slice(0, 6)).toEqual(["2026-03-05T09:00:00.000Z", anna.email, "Outgoing call", "'=HYPERLINK(\"http://x\")", "", "Failed"]);
    expect(rows[3]).toEqual([
      "2026-03-02T10:00:00.000Z",
      anna.email,
      "Outgoing call",
      // A number in E.164 form is data, not a formula: written as it is (decision 030).
      "+447106123456",
      "United Kingdom",
      "Completed",
      "150",
      "3",
      "0.0235",
      "0.0705",
      "0.01235",
      "0.0371",
      "0.0334",
      "620",
      "12",
      "0.002",
      "",
      "4",
      calls.uk.callSid,
    ]);

    // An export larger than the ceiling is refused whole, never cut short (a ceiling of 4 stands in for 50 000).
    expect((await allAdminCalls(server.database.db, { email: `anna-${tag}` }, 4)).map((call) => call.callSid)).toHaveLength(4);
    await expect(allAdminCalls(server.database.db, { email: `anna-${tag}` }, 3)).rejects.toMatchObject({ status: 422, code: "export_too_large", message: "More than 3 calls match. Narrow the days or filters to export them." });

    const german = parseCsv((await get(admin, `/api/admin/calls/export.csv?email=anna-${tag}&status=busy&lang=de`)).body);
    expect(german).toHaveLength(2);
    expect(german[0]?.[0]).not.toBe("Started (UTC)");
    expect(german[1]?.slice(4, 6)).toEqual(["Vereinigtes Königreich", "Besetzt"]);
  });
});
