import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALL_HISTORY_PAGE_SIZE, callHistory, callLogSchema } from "../../../shared/api/calls";
import { readCsvRecords } from "../../../shared/csv/read-csv";
import { callLogs } from "../../db/schema/calls";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { grant, newCallSid, placeCall, reportStatus } from "../../test/calls";
import { insertCall } from "../../test/history-calls";
import { startTestServer, type TestServer } from "../../test/test-server";

const at = (iso: string) => new Date(iso);
const parseCsv = (text: string) => readCsvRecords(text).map((record) => record.fields);

describe.each(engines)("call history on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
  });
  afterAll(() => server.close());

  const get = (person: TestUser, url: string) => server.app.inject({ url, headers: { cookie: person.cookie } });
  const put = (person: TestUser, url: string, payload: unknown) => server.app.inject({ method: "PUT", url, payload: payload as object, headers: { cookie: person.cookie } });
  const history = async (person: TestUser, query = "") => {
    const response = await get(person, `/api/calls${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return callHistory.response.parse(response.json());
  };

  it("lists only the customer's own calls, newest first, in pages, with totals over the whole filter", async () => {
    const person = await buildUser(server);
    const other = await buildUser(server);
    const count = CALL_HISTORY_PAGE_SIZE + 5;
    for (let index = 0; index < count; index++) {
      await insertCall(server.database.db, person.id, {
        startedAt: at(`2026-03-01T${String(index % 24).padStart(2, "0")}:00:00.000Z`),
        durationSeconds: 60 + index,
        billedMinutes: 2,
        costUsd: "0.5000",
        // A different day per block of 24, so the order is by instant, not by insertion.
        ...(index >= 24 ? { startedAt: at(`2026-03-02T0${index - 24}:00:00.000Z`) } : {}),
      });
    }
    const foreign = await insertCall(server.database.db, other.id, { startedAt: at("2026-03-05T00:00:00.000Z") });

    const first = await history(person);
    expect(first.calls).toHaveLength(CALL_HISTORY_PAGE_SIZE);
    expect(first.page).toBe(1);
    expect(first.pageCount).toBe(2);
    const starts = first.calls.map((call) => call.startedAt);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(starts[0]).toBe("2026-03-02T00:00:00.000Z");
    expect(first.calls.map((call) => call.callSid)).not.toContain(foreign.callSid);

    const second = await history(person, "?page=2");
    expect(second.calls).toHaveLength(5);
    expect(second.calls.at(-1)?.startedAt).toBe("2026-03-01T00:00:00.000Z");
    // Pages do not overlap: every call appears once.
    expect(new Set([...first.calls, ...second.calls].map((call) => call.id)).size).toBe(count);

    const talk = Array.from({ length: count }, (_, index) => 60 + index).reduce((sum, seconds) => sum + seconds, 0);
    expect(first.totals).toEqual({ calls: count, talkSeconds: talk, billedMinutes: 2 * count, costUsd: "12.5000" });
    expect(second.totals).toEqual(first.totals);
    expect(first.calls[0]).toMatchObject({ toNumber: "+18762101234", countryCode: "JM", ratePerMin: "0.2500", status: "completed", billedMinutes: 2 });
  });

  it("shows a call placed through the gate and settled by the carrier's status events, rateable once it ended", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "1");
    const callSid = newCallSid();
    expect((await placeCall(server, { callSid, userId: person.id, to: "+447106123456" })).statusCode).toBe(200);
    for (const status of ["initiated", "ringing", "in-progress"]) await reportStatus(server, callSid, status);

    const live = await history(person);
    expect(live.calls).toEqual([expect.objectContaining({ callSid, status: "answered", costUsd: "0.0000" })]);
    expect((await put(person, `/api/calls/${callSid}/rating`, { rating: 5 })).statusCode).toBe(409);

    await reportStatus(server, callSid, "completed", { CallDuration: "70" });
    const done = await history(person);
    // The UK mobile's frozen rate, two started minutes.
    expect(done.calls).toEqual([expect.objectContaining({ callSid, direction: "outbound", toNumber: "+447106123456", countryCode: "GB", ratePerMin: "0.0580", status: "completed", durationSeconds: 70, billedMinutes: 2, costUsd: "0.1160" })]);
    expect(done.totals).toEqual({ calls: 1, talkSeconds: 70, billedMinutes: 2, costUsd: "0.1160" });
    expect((await put(person, `/api/calls/${callSid}/rating`, { rating: 5 })).json().call).toMatchObject({ callSid, qualityRating: 5, costUsd: "0.1160" });
  });

  it("filters by whole UTC days and by status, and totals only what the filter finds", async () => {
    const person = await buildUser(server);
    await insertCall(server.database.db, person.id, { startedAt: at("2026-04-09T23:59:59.000Z"), costUsd: "1.0000" });
    const first = await insertCall(server.database.db, person.id, { startedAt: at("2026-04-10T00:00:00.000Z"), costUsd: "0.2500", durationSeconds: 30, billedMinutes: 1 });
    const busy = await insertCall(server.database.db, person.id, {
      startedAt: at("2026-04-11T10:00:00.000Z"),
      status: "busy",
      answeredAt: null,
      durationSeconds: 0,
      billedMinutes: 0,
      costUsd: "0",
    });
    const last = await insertCall(server.database.db, person.id, { startedAt: at("2026-04-12T23:59:59.999Z"), costUsd: "0.7500", durationSeconds: 150, billedMinutes: 3 });
    await insertCall(server.database.db, person.id, { startedAt: at("2026-04-13T00:00:00.000Z"), costUsd: "2.0000" });

    const range = await history(person, "?from=2026-04-10&to=2026-04-12");
    expect(range.calls.map((call) => call.id)).toEqual([last.id, busy.id, first.id]);
    expect(range.totals).toEqual({ calls: 3, talkSeconds: 180, billedMinutes: 4, costUsd: "1.0000" });

    const busyOnly = await history(person, "?status=busy");
    expect(busyOnly.calls.map((call) => call.id)).toEqual([busy.id]);
    expect(busyOnly.totals).toEqual({ calls: 1, talkSeconds: 0, billedMinutes: 0, costUsd: "0.0000" });

    const completedInRange = await history(person, "?from=2026-04-11&status=completed");
    expect(completedInRange.calls.map((call) => call.id)).toEqual([expect.any(String), last.id]);

    const none = await history(person, "?from=2027-01-01");
    expect(none).toEqual({ calls: [], page: 1, pageCount: 1, totals: { calls: 0, talkSeconds: 0, billedMinutes: 0, costUsd: "0.0000" } });

    for (const bad of ["?from=2026-13-01", "?to=yesterday", "?status=in-progress", "?page=0"]) {
      const response = await get(person, `/api/calls${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code).toBe("validation_failed");
    }
  });

  it("answers one call by its sid to its owner only: another customer's call is not found", async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    const call = await insertCall(server.database.db, owner.id, { quality: { rttMs: 90, jitterMs: 5, packetLoss: 0, mos: null, packetsSent: 10, packetsReceived: 10 } });
    const own = await get(owner, `/api/calls/${call.callSid}`);
    expect(own.statusCode).toBe(200);
    expect(callLogSchema.parse(own.json().call)).toMatchObject({ callSid: call.callSid, quality: { rttMs: 90 } });
    const foreign = await get(other, `/api/calls/${call.callSid}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe("not_found");
    expect(foreign.body).not.toContain(call.callSid);
    expect((await get(owner, "/api/calls/CAnothing")).statusCode).toBe(404);
  });

  it("rates the customer's own finished call from 1 to 5, and nothing else", async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    const call = await insertCall(server.database.db, owner.id);
    const url = `/api/calls/${call.callSid}/rating`;

    for (const rating of [0, 6, 2.5, "5", null]) {
      const response = await put(owner, url, { rating });
      expect(response.statusCode, String(rating)).toBe(400);
      expect(response.json().error.code).toBe("validation_failed");
      expect(response.json().error.details.map((detail: { path: string }) => detail.path)).toEqual(["body.rating"]);
    }

    const foreign = await put(other, url, { rating: 1 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe("not_found");

    const rated = await put(owner, url, { rating: 4 });
    expect(rated.statusCode).toBe(200);
    expect(rated.json().call).toMatchObject({ callSid: call.callSid, qualityRating: 4 });
    // A second thought replaces the first.
    expect((await put(owner, url, { rating: 5 })).json().call.qualityRating).toBe(5);
    const [row] = await server.database.db.select().from(callLogs).where(eq(callLogs.id, call.id));
    expect(row?.qualityRating).toBe(5);

    const live = await insertCall(server.database.db, owner.id, { status: "answered", endedAt: null, durationSeconds: 0, billedMinutes: 0, costUsd: "0" });
    const early = await put(owner, `/api/calls/${live.callSid}/rating`, { rating: 3 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe("call_not_finished");
    // Another customer learns nothing about a live call either: 404, not 409.
    expect((await put(other, `/api/calls/${live.callSid}/rating`, { rating: 3 })).statusCode).toBe(404);
  });

  it("stores the device's quality figures on the customer's own call and never lets the browser write cost, duration or status", async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    const call = await insertCall(server.database.db, owner.id);
    const url = `/api/calls/${call.callSid}/quality`;
    const quality = { rttMs: 120.5, jitterMs: 12, packetLoss: 0.02, mos: 4.1, packetsSent: 3000, packetsReceived: 2940 };

    const response = await put(owner, url, { ...quality, costUsd: "0.0000", durationSeconds: 1, billedMinutes: 0, status: "failed", qualityRating: 5 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().call).toMatchObject({ quality, costUsd: "0.5000", durationSeconds: 90, billedMinutes: 2, status: "completed", qualityRating: null });
    const [row] = await server.database.db.select().from(callLogs).where(eq(callLogs.id, call.id));
    expect(row).toMatchObject({ quality, costUsd: "0.5000", durationSeconds: 90, billedMinutes: 2, status: "completed", costCalculatedBy: "server" });

    expect((await put(other, url, { ...quality, rttMs: 1 })).statusCode).toBe(404);
    const bad = await put(owner, url, { ...quality, packetLoss: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((detail: { path: string }) => detail.path)).toEqual(["body.packetLoss"]);
  });

  it("exports the filter as a dated CSV in the customer's language, formula cells escaped, other customers' calls left out", async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    await insertCall(server.database.db, owner.id, { startedAt: at("2026-05-01T08:00:00.000Z"), qualityRating: 4 });
    // What a refused call keeps is what was dialled, which can be anything a person typed.
    const hostile = await insertCall(server.database.db, owner.id, {
      startedAt: at("2026-05-02T08:00:00.000Z"),
      toNumber: "=HYPERLINK(\"http://evil.example\",\"x\")",
      countryCode: "",
      status: "failed",
      answeredAt: null,
      durationSeconds: 0,
      billedMinutes: 0,
      costUsd: "0",
    });
    await insertCall(server.database.db, owner.id, { startedAt: at("2026-06-01T08:00:00.000Z") });
    const foreign = await insertCall(server.database.db, other.id, { startedAt: at("2026-05-01T09:00:00.000Z") });

    const response = await get(owner, "/api/calls/export.csv?from=2026-05-01&to=2026-05-31&lang=sv");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="dialwise-calls-${day}.csv"`);
    expect(response.body).not.toContain(foreign.callSid);

    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      "Startade (UTC)",
      "Riktning",
      "Nummer",
      "Land",
      "Status",
      "Längd (sekunder)",
      "Debiterade minuter",
      "Pris per minut (USD)",
      "Kostnad (USD)",
      "Betyg",
      "Samtals-ID",
    ]);
    expect(rows.slice(1)).toHaveLength(2);
    expect(rows[1]).toEqual(["2026-05-02T08:00:00.000Z", "Utgående samtal", "'=HYPERLINK(\"http://evil.example\",\"x\")", "", "Misslyckades", "0", "0", "0.2500", "0.0000", "", hostile.callSid]);
    // A number in E.164 form is data, not a formula: written as it is, so a spreadsheet reads the number (decision 030).
    expect(rows[2]?.slice(0, 10)).toEqual(["2026-05-01T08:00:00.000Z", "Utgående samtal", "+18762101234", "Jamaica", "Avslutat", "90", "2", "0.2500", "0.5000", "4"]);

    // English by default, and the status filter applies as on the page.
    const english = parseCsv((await get(owner, "/api/calls/export.csv?status=failed")).body);
    expect(english[0]?.[0]).toBe("Started (UTC)");
    expect(english.slice(1).map((row) => row[10])).toEqual([hostile.callSid]);
    expect((await get(other, "/api/calls/export.csv")).body).not.toContain(hostile.callSid);
  });
});
