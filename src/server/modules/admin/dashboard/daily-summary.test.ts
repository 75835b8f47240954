import { asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminDashboardQuery } from "../../../../shared/api/admin-dashboard";
import { parseMoney } from "../../../../shared/money";
import { callLogs } from "../../../db/schema/calls";
import { dashboardDailySummary } from "../../../db/schema/dashboard";
import { grant, newCallSid, placeCall, reportStatus } from "../../../test/calls";
import { dailySummaryBackfill } from "../../../test/dashboard-backfill";
import { everyEngine } from "../../../test/engines";
import { buildUser, type TestUser } from "../../../test/factories";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { creditCallBack } from "../../call-credits/credit-call";
import { lockCall } from "../../calls/call-status";
import { rateOwnCall, reportOwnCallQuality } from "../../calls/history-service";
import { settleCall } from "../../calls/settlement";
import { callOutcomes, dailyCalls, topDestinations } from "./call-breakdowns";
import { callFigures } from "./call-figures";
import { dashboardRange } from "./period";
import { summaryCallFigures, summaryCallOutcomes, summaryDailyCalls, summaryTopDestinations } from "./summary-figures";
import { Registry } from "prom-client";
import { callMetrics } from "../../../metrics/call-metrics";

const UK_MOBILE = "+447106123456";
const JM_MOBILE = "+18762101234";
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const poorMedia = { rttMs: 620, jitterMs: 12.5, packetLoss: 0.004, mos: null, packetsSent: 100, packetsReceived: 96 };
const goodMedia = { rttMs: 80, jitterMs: 3, packetLoss: 0, mos: 4.2, packetsSent: 100, packetsReceived: 100 };

/** Averages worked out by division (summary) or by avg() (reference) agree to the ninth digit. */
function rounded(value: unknown): unknown {
  if (typeof value === "number" && !Number.isInteger(value)) return Number(value.toPrecision(9));
  if (Array.isArray(value)) return value.map(rounded);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rounded(item)]));
  return value;
}

/**
 * The dashboard's call figures from the daily summary against the raw queries over call_logs (their
 * reference), on calls made through the gate and the status webhook: settled, settled again, credited,
 * refused, rated, measured, still live, and one that started before midnight UTC and ended after it.
 * A path that makes a call final or changes an ended call's figures without the summary fails here.
 */
describe.each(everyEngine)("the dashboard's daily summary on %s", (engine) => {
  let server: TestServer;
  let anna: TestUser;
  let bo: TestUser;
  let cy: TestUser;
  const sids: Record<string, string> = {};
  const db = () => server.database.db;

  /** A call through the gate, moved to start at `startedAt` while it is still live (as if placed then). */
  async function place(name: string, person: TestUser, startedAt: string, to = UK_MOBILE) {
    const callSid = newCallSid();
    expect((await placeCall(server, { callSid, userId: person.id, to })).statusCode).toBe(200);
    await db().update(callLogs).set({ startedAt: new Date(startedAt) }).where(eq(callLogs.callSid, callSid));
    sids[name] = callSid;
    return callSid;
  }
  const report = async (name: string, status: string, extra: Record<string, string> = {}) =>
    expect((await reportStatus(server, sids[name]!, status, extra)).statusCode).toBe(200);

  async function compare(query: AdminDashboardQuery, now: Date) {
    const range = dashboardRange(query, now);
    const [reference, summary] = await Promise.all([
      Promise.all([callFigures(db(), range), dailyCalls(db(), range), topDestinations(db(), range), callOutcomes(db(), range)]),
      Promise.all([summaryCallFigures(db(), range), summaryDailyCalls(db(), range), summaryTopDestinations(db(), range), summaryCallOutcomes(db(), range)]),
    ]);
    expect(rounded(summary), JSON.stringify(query)).toEqual(rounded(reference));
    return summary;
  }
  const summaryRows = () =>
    db()
      .select()
      .from(dashboardDailySummary)
      .where(gt(dashboardDailySummary.calls, 0))
      .orderBy(asc(dashboardDailySummary.day), asc(dashboardDailySummary.countryCode), asc(dashboardDailySummary.status), asc(dashboardDailySummary.refusalReason));

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
    [anna, bo, cy] = [await buildUser(server), await buildUser(server), await buildUser(server)];
    await grant(server, anna.id, "10.00");
    await grant(server, bo.id, "10.00");

    // Anna's UK call on 10 May: 125 s, so 3 minutes billed.
    await place("uk", anna, "2026-05-10T10:00:00.000Z");
    for (const status of ["initiated", "ringing", "in-progress"]) await report("uk", status);
    await report("uk", "completed", { CallDuration: "125" });
    // The same final event delivered again, and a later contradicting one: neither settles it twice.
    await report("uk", "completed", { CallDuration: "125" });
    await report("uk", "failed");
    // Bo's call starts 30 s before midnight UTC and is answered and settled after it: 90 s, 2 minutes, on 9 May.
    await place("midnight", bo, "2026-05-09T23:59:30.000Z");
    await report("midnight", "in-progress");
    await report("midnight", "completed", { CallDuration: "90" });
    // Bo's Jamaican call on 10 May that nobody answered.
    await place("noAnswer", bo, "2026-05-10T12:00:00.000Z", JM_MOBILE);
    await report("noAnswer", "no-answer");
    // Anna's second call on 10 May is still ringing, its device already reporting media.
    await place("live", anna, "2026-05-10T13:00:00.000Z");
    await report("live", "ringing");
    // Cy has no credit: refused at the gate (today, as refusals are written when they happen).
    const refused = newCallSid();
    expect((await placeCall(server, { callSid: refused, userId: cy.id, to: UK_MOBILE })).statusCode).toBe(200);
    sids.refused = refused;
  });
  afterAll(() => server.close());

  it("counts a settled call once, on the UTC day it started, and a refusal, in the settlement's transaction", async () => {
    const [uk] = await db().select().from(callLogs).where(eq(callLogs.callSid, sids.uk!));
    expect(uk).toMatchObject({ status: "completed", billedMinutes: 3, costUsd: "0.1740" });
    // Settling the settled call again (a redelivery that reached the settlement) changes nothing.
    await db().transaction(async (tx) => settleCall({ bus: server.bus, log: quiet, metrics: callMetrics(new Registry()) }, tx, (await lockCall(tx, sids.uk!))!, { status: "completed", talkSeconds: 125, endedAt: new Date(), source: "reconcile" }));

    const rows = await summaryRows();
    const [refusal] = await db().select().from(callLogs).where(eq(callLogs.callSid, sids.refused!));
    const refusalDay = refusal!.startedAt.toISOString().slice(0, 10);
    // Worked out by hand: one row per ended call (the live one is in none), each on the day it started.
    expect(rows.map((row) => [row.day, row.countryCode, row.status, row.refusalReason, row.calls, row.answered, row.billedMinutes])).toEqual(
      [
        ["2026-05-09", "GB", "completed", "", 1, 1, 2],
        ["2026-05-10", "GB", "completed", "", 1, 1, 3],
        ["2026-05-10", "JM", "no-answer", "", 1, 0, 0],
        [refusalDay, "GB", "failed", "insufficient_balance", 1, 0, 0],
      ].sort((a, b) => `${a[0]}${a[1]}${a[2]}`.localeCompare(`${b[0]}${b[1]}${b[2]}`)),
    );
    expect(rows.find((row) => row.day === "2026-05-10" && row.status === "completed")?.revenue).toBe("0.1740");
  });

  it("serves the same figures as the raw queries, the call over midnight on the day it started", async () => {
    const now = new Date("2026-05-10T18:00:00.000Z");
    const today = await compare({ period: "today" }, now);
    // 10 May: the UK call, the unanswered one and the live one placed; the 9th (the previous period) has the midnight call.
    expect([today[0].current.callsPlaced, today[0].current.callsAnswered, today[0].current.billedMinutes]).toEqual([3, 1, 3]);
    expect([today[0].previous.callsPlaced, today[0].previous.callsAnswered, today[0].previous.billedMinutes]).toEqual([1, 1, 2]);
    expect(today[3].find((row) => row.outcome === "live")?.calls).toBe(1);
    const twoDays = await compare({ period: "custom", from: "2026-05-09", to: "2026-05-10" }, now);
    expect(twoDays[1].map((day) => [day.day, day.callsPlaced, day.billedMinutes])).toEqual([
      ["2026-05-09", 1, 2],
      ["2026-05-10", 3, 3],
    ]);
    await compare({ period: "30d" }, now);
    await compare({ period: "today" }, new Date());
    await compare({ period: "7d" }, new Date());
  });

  it("moves an ended call's rating and media with them, leaves a credit's call figures alone, and agrees again", async () => {
    await rateOwnCall(db(), anna.id, sids.uk!, 5);
    await rateOwnCall(db(), anna.id, sids.uk!, 2);
    await rateOwnCall(db(), bo.id, sids.midnight!, 4);
    await reportOwnCallQuality(db(), anna.id, sids.uk!, poorMedia);
    await reportOwnCallQuality(db(), anna.id, sids.uk!, goodMedia);
    await reportOwnCallQuality(db(), anna.id, sids.live!, poorMedia);
    // Someone else's call is not theirs to rate: nothing moves.
    await expect(rateOwnCall(db(), bo.id, sids.uk!, 1)).rejects.toThrow();
    const [uk] = await db().select().from(callLogs).where(eq(callLogs.callSid, sids.uk!));
    await db().transaction((tx) =>
      creditCallBack(tx, server.bus, { callId: uk!.id, callSid: uk!.callSid, userId: anna.id, amount: parseMoney("0.0500"), reason: "manual", note: null, createdBy: "admin@example.com" }),
    );

    const [row] = await db().select().from(dashboardDailySummary).where(sql`${dashboardDailySummary.day} = '2026-05-10' and ${dashboardDailySummary.status} = 'completed'`);
    // By hand: rated 2 (the 5 replaced), the good media replaced the poor, what was charged stays what was charged.
    expect(row).toMatchObject({ ratingSum: 2, ratedCalls: 1, measuredCalls: 1, goodCalls: 1, poorCalls: 0, rttSum: "80", revenue: "0.1740" });

    const now = new Date("2026-05-10T18:00:00.000Z");
    const today = await compare({ period: "today" }, now);
    // The ringing call's poor media counts as measured while it is live, from call_logs.
    expect(today[0].current.quality).toMatchObject({ measuredCalls: 2, good: 1, poor: 1 });
    expect(today[0].current.averageRating).toBe(2);
    await compare({ period: "custom", from: "2026-05-09", to: "2026-05-10" }, now);
    await compare({ period: "30d" }, new Date());
  });

  it("settles the live call into the summary and still agrees; the migration's backfill rebuilds the same rows", async () => {
    await report("live", "in-progress");
    await report("live", "completed", { CallDuration: "61" });
    const now = new Date("2026-05-10T18:00:00.000Z");
    const today = await compare({ period: "today" }, now);
    expect(today[3].find((row) => row.outcome === "live")).toBeUndefined();
    expect(today[0].current.billedMinutes).toBe(3 + 2);

    const kept = await summaryRows();
    await db().delete(dashboardDailySummary);
    await db().execute(sql.raw(dailySummaryBackfill()));
    expect(await summaryRows()).toEqual(kept);
  });

  it("counts two calls of the same day and destination settled at once by two transactions", async () => {
    await place("first", anna, "2026-05-11T09:00:00.000Z");
    await place("second", bo, "2026-05-11T09:05:00.000Z");
    const settle = (name: string) => (tx: Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0]) =>
      lockCall(tx, sids[name]!).then((call) => settleCall({ bus: server.bus, log: quiet, metrics: callMetrics(new Registry()) }, tx, call!, { status: "completed", talkSeconds: 30, endedAt: new Date(), source: "status" }));
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first holds its summary row until released; the second's upsert waits for it, then adds to it.
    const first = db().transaction(async (tx) => {
      await settle("first")(tx);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = db().transaction(settle("second"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([first, second]);
    const [row] = await db().select().from(dashboardDailySummary).where(sql`${dashboardDailySummary.day} = '2026-05-11'`);
    expect(row).toMatchObject({ countryCode: "GB", status: "completed", calls: 2, answered: 2, billedMinutes: 2, revenue: "0.1160" });
    await compare({ period: "custom", from: "2026-05-11", to: "2026-05-11" }, new Date("2026-05-11T12:00:00.000Z"));
  });
});
