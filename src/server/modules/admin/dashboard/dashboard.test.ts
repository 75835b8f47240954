import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminDashboard, type AdminDashboard } from "../../../../shared/api/admin-dashboard";
import { eq } from "drizzle-orm";
import { user } from "../../../db/schema/auth";
import { callLogs } from "../../../db/schema/calls";
import { creditBalances } from "../../../db/schema/credits";
import { payments } from "../../../db/schema/payments";
import { paymentRefunds } from "../../../db/schema/refunds";
import { supportConversations, supportMessages } from "../../../db/schema/support";
import { engines } from "../../../test/engines";
import { buildUser, type TestUser } from "../../../test/factories";
import { insertCall } from "../../../test/history-calls";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { adminDashboardFigures } from "./service";

const at = (iso: string) => new Date(iso);
const good = { rttMs: 100, jitterMs: 10, packetLoss: 0.001, mos: null, packetsSent: 100, packetsReceived: 100 };
const poor = { rttMs: 620, jitterMs: 20, packetLoss: null, mos: null, packetsSent: 100, packetsReceived: 90 };
const fair = { rttMs: 400, jitterMs: null, packetLoss: null, mos: null, packetsSent: null, packetsReceived: null };

/**
 * The period asked for is 2026-03-01 to 2026-03-07 (7 UTC days), so the previous one is
 * 2026-02-22 to 2026-02-28. Every figure below is worked out by hand from the rows seeded.
 */
const PERIOD = "period=custom&from=2026-03-01&to=2026-03-07";

describe.each(engines)("the back office dashboard on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  let customer: TestUser;
  const ids: Record<string, string> = {};
  const sids: Record<string, string> = {};

  async function person(name: string, createdAt: string, role: "user" | "admin" = "user") {
    const id = `usr_${name}_${randomBytes(4).toString("hex")}`;
    await server.database.db.insert(user).values({ id, name, email: `${name}@example.com`, emailVerified: true, role, createdAt: at(createdAt), updatedAt: at(createdAt) });
    ids[name] = id;
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    // Both signed up today (November 2026 or later): outside either period.
    admin = await buildUser(server, { role: "admin" });
    customer = await buildUser(server);
    const db = server.database.db;
    // Sign-ups: anna and cy in the period (cy one second before its end), bo in the previous one,
    // dee at the first instant after the period, and an admin account (never counted).
    const anna = await person("anna", "2026-03-02T09:00:00.000Z");
    const bo = await person("bo", "2026-02-25T09:00:00.000Z");
    const cy = await person("cy", "2026-03-07T23:59:59.000Z");
    const dee = await person("dee", "2026-03-08T00:00:00.000Z");
    await person("root", "2026-03-03T09:00:00.000Z", "admin");

    const call = async (name: string, owner: string, overrides: Parameters<typeof insertCall>[2]) => {
      sids[name] = (await insertCall(db, owner, overrides)).callSid;
    };
    // The period's calls.
    // 1: the period's first instant. JM, 2 min billed, $0.5000, carrier 2 × 0.125 = $0.2500. Rated 5, good.
    await call("first", anna, { startedAt: at("2026-03-01T00:00:00.000Z"), billedMinutes: 2, costUsd: "0.5000", qualityRating: 5, quality: good });
    // 2: GB, 3 min at $0.0235 = $0.0705, carrier 3 × 0.01235 = 0.03705 → $0.0371. Rated 3, poor (round trip 620 ms).
    await call("uk", anna, {
      startedAt: at("2026-03-03T10:00:00.000Z"),
      countryCode: "GB",
      toNumber: "+447106123456",
      ratePerMin: "0.0235",
      carrierRate: "0.01235",
      durationSeconds: 150,
      billedMinutes: 3,
      costUsd: "0.0705",
      qualityRating: 3,
      quality: poor,
    });
    const unanswered = { answeredAt: null, endedAt: null, durationSeconds: 0, billedMinutes: 0, costUsd: "0" };
    // 3: the period's last second, busy; fair (round trip 400 ms).
    await call("busy", bo, { ...unanswered, startedAt: at("2026-03-07T23:59:59.000Z"), status: "busy", countryCode: "GB", carrierRate: "0.01235", quality: fair });
    // 4: refused at the gate: not placed.
    await call("refused", bo, { ...unanswered, startedAt: at("2026-03-05T10:00:00.000Z"), status: "failed", refusalReason: "insufficient_balance", carrierRate: null });
    // 5: nobody answered.
    await call("noAnswer", cy, { ...unanswered, startedAt: at("2026-03-06T10:00:00.000Z"), status: "no-answer" });
    // 6: incoming: never counted.
    await call("incoming", cy, { startedAt: at("2026-03-04T10:00:00.000Z"), direction: "inbound", toNumber: `client:${cy}`, fromNumber: "+14155550100", countryCode: "US", ratePerMin: "0", carrierRate: null, billedMinutes: 0, costUsd: "0", qualityRating: 1 });
    // 7: still talking (answered, not settled yet).
    await call("live", anna, { startedAt: at("2026-03-02T10:00:00.000Z"), status: "answered", endedAt: null, durationSeconds: 0, billedMinutes: 0, costUsd: "0" });
    // 8: the first instant after the period: counted nowhere.
    await call("after", dee, { startedAt: at("2026-03-08T00:00:00.000Z"), billedMinutes: 4, costUsd: "1.0000" });
    // The previous period's calls.
    // 9: its last millisecond. 1 min, $0.2500, carrier $0.1250. Rated 4.
    await call("previousLast", bo, { startedAt: at("2026-02-28T23:59:59.999Z"), billedMinutes: 1, costUsd: "0.2500", qualityRating: 4 });
    // 10: its first instant; the carrier failed it (no refusal): placed, not answered.
    await call("previousFailed", bo, { ...unanswered, startedAt: at("2026-02-22T00:00:00.000Z"), status: "failed" });
    // 11: one second before the previous period: counted nowhere.
    await call("before", anna, { startedAt: at("2026-02-21T23:59:59.000Z"), billedMinutes: 10, costUsd: "2.5000" });

    // Payments: the period sold $20 + $10 (2 purchases; the failed and pending ones are not sales),
    // the previous one $5 (1); one after the period.
    const pay = (id: string, owner: string, createdAt: string, amount: string, status: typeof payments.$inferInsert.status, refunded = "0") =>
      db.insert(payments).values({ id, userId: owner, provider: "local", amountUsd: amount, creditUsd: amount, status, refundedUsd: refunded, createdAt: at(createdAt) });
    await pay("pay_p1", anna, "2026-03-02T12:00:00.000Z", "20.0000", "succeeded");
    await pay("pay_p2", bo, "2026-03-07T23:00:00.000Z", "10.0000", "partially_refunded", "5.0000");
    await pay("pay_p3", cy, "2026-03-04T12:00:00.000Z", "50.0000", "failed");
    await pay("pay_p4", cy, "2026-03-05T12:00:00.000Z", "15.0000", "pending");
    await pay("pay_p5", bo, "2026-02-26T12:00:00.000Z", "5.0000", "partially_refunded", "1.0000");
    await pay("pay_p6", anna, "2026-03-08T00:00:00.000Z", "100.0000", "succeeded");
    // Refunds by the day they went through: $5 in the period, $1 in the previous one; a failed and a pending one never count.
    const refund = (id: string, paymentId: string, amount: string, status: "pending" | "succeeded" | "failed", completedAt: string | null) =>
      db.insert(paymentRefunds).values({ id, paymentId, amountUsd: amount, reason: "asked", status, completedAt: completedAt ? at(completedAt) : null });
    await refund("rfd_r1", "pay_p2", "5.0000", "succeeded", "2026-03-07T23:30:00.000Z");
    await refund("rfd_r2", "pay_p5", "2.0000", "failed", "2026-02-27T12:00:00.000Z");
    await refund("rfd_r3", "pay_p1", "3.0000", "pending", null);
    await refund("rfd_r4", "pay_p5", "1.0000", "succeeded", "2026-02-27T12:00:00.000Z");

    // Calls credited back, by the day they were credited: in the period $0.2000 of the first call by an admin and all
    // $0.0705 of the UK call by the short-call rule; in the previous one $1.0000 of an older call for poor quality; one
    // credited the first instant after the period, counted nowhere.
    const credit = (name: string, amount: string, reason: "manual" | "short_call" | "poor_quality", creditedAt: string) =>
      db.update(callLogs).set({ creditUsd: amount, creditReason: reason, creditedAt: at(creditedAt) }).where(eq(callLogs.callSid, sids[name]!));
    await credit("first", "0.2000", "manual", "2026-03-02T08:00:00.000Z");
    await credit("uk", "0.0705", "short_call", "2026-03-03T10:03:00.000Z");
    await credit("before", "1.0000", "poor_quality", "2026-02-22T00:00:00.000Z");
    await credit("after", "1.0000", "manual", "2026-03-08T00:00:00.000Z");

    // What customers hold now: $12.5000 + $3.2500.
    await db.insert(creditBalances).values([
      { userId: anna, balance: "12.5000" },
      { userId: bo, balance: "3.2500" },
    ]);

    // Support: anna's open conversation with one unread message; a closed visitor ticket.
    await db.insert(supportConversations).values([
      { id: "sup_open", kind: "customer", userId: anna, reference: "DW-OPEN0001", status: "open", lastMessageAt: at("2026-03-03T08:00:00.000Z") },
      { id: "sup_closed", kind: "visitor", visitorEmail: "v@example.net", subject: "Hello", reference: "DW-CLOSED01", status: "closed" },
    ]);
    await db.insert(supportMessages).values({ conversationId: "sup_open", author: "customer", body: "Where is my credit?" });
  });
  afterAll(() => server.close());

  const read = async (query: string, person: TestUser | null = admin) =>
    server.app.inject({ url: `/api/admin/dashboard?${query}`, headers: person ? { cookie: person.cookie } : {} });

  async function dashboard(query = PERIOD): Promise<AdminDashboard> {
    const response = await read(query);
    expect(response.statusCode, response.body).toBe(200);
    return adminDashboard.response.parse(response.json());
  }

  it("gives the period's figures and the previous period's, worked out by hand", async () => {
    const result = await dashboard();
    expect(result.period).toEqual({ from: "2026-03-01", to: "2026-03-07", days: 7, previousFrom: "2026-02-22", previousTo: "2026-02-28" });
    expect(result.current).toEqual({
      signUps: 2,
      // anna, bo (his busy call) and cy placed calls; the refused call is not placed.
      activeCustomers: 3,
      callsPlaced: 5,
      callsAnswered: 3,
      answerRate: 3 / 5,
      billedMinutes: 5,
      revenue: "0.5705",
      carrierCost: "0.2871",
      margin: "0.2834",
      creditSold: "30.0000",
      purchases: 2,
      refunds: "5.0000",
      creditedBack: "0.2705",
      creditedBackBy: { manual: "0.2000", shortCall: "0.0705", poorQuality: "0.0000" },
      averageRating: 4,
      ratedCalls: 2,
      quality: {
        measuredCalls: 3,
        good: 1,
        fair: 1,
        poor: 1,
        averageRttMs: expect.closeTo((100 + 620 + 400) / 3, 6),
        averageJitterMs: expect.closeTo((10 + 20) / 2, 6),
        averagePacketLoss: expect.closeTo(0.001, 9),
      },
    });
    expect(result.previous).toEqual({
      signUps: 1,
      activeCustomers: 1,
      callsPlaced: 2,
      callsAnswered: 1,
      answerRate: 1 / 2,
      billedMinutes: 1,
      revenue: "0.2500",
      carrierCost: "0.1250",
      margin: "0.1250",
      creditSold: "5.0000",
      purchases: 1,
      refunds: "1.0000",
      creditedBack: "1.0000",
      creditedBackBy: { manual: "0.0000", shortCall: "0.0000", poorQuality: "1.0000" },
      averageRating: 4,
      ratedCalls: 1,
      quality: { measuredCalls: 0, good: 0, fair: 0, poor: 0, averageRttMs: null, averageJitterMs: null, averagePacketLoss: null },
    });
    expect(result.outstandingBalance).toBe("15.7500");
  });

  it("lists every day of the period, the destinations and the outcomes", async () => {
    const result = await dashboard();
    const quiet = (day: string, placed = 0) => ({ day, callsPlaced: placed, callsAnswered: 0, billedMinutes: 0, revenue: "0.0000", margin: "0.0000" });
    expect(result.daily).toEqual([
      { day: "2026-03-01", callsPlaced: 1, callsAnswered: 1, billedMinutes: 2, revenue: "0.5000", margin: "0.2500" },
      { day: "2026-03-02", callsPlaced: 1, callsAnswered: 1, billedMinutes: 0, revenue: "0.0000", margin: "0.0000" },
      { day: "2026-03-03", callsPlaced: 1, callsAnswered: 1, billedMinutes: 3, revenue: "0.0705", margin: "0.0334" },
      quiet("2026-03-04"),
      quiet("2026-03-05"),
      quiet("2026-03-06", 1),
      quiet("2026-03-07", 1),
    ]);
    expect(result.topByMinutes).toEqual([
      { countryCode: "GB", billedMinutes: 3, revenue: "0.0705", margin: "0.0334" },
      { countryCode: "JM", billedMinutes: 2, revenue: "0.5000", margin: "0.2500" },
    ]);
    expect(result.topByMargin.map((row) => row.countryCode)).toEqual(["JM", "GB"]);
    expect(result.outcomes).toEqual([
      { outcome: "busy", refusalReason: null, calls: 1 },
      { outcome: "completed", refusalReason: null, calls: 2 },
      { outcome: "live", refusalReason: null, calls: 1 },
      { outcome: "no-answer", refusalReason: null, calls: 1 },
      { outcome: "refused", refusalReason: "insufficient_balance", calls: 1 },
    ].sort((a, b) => b.calls - a.calls || `${a.outcome}${a.refusalReason}`.localeCompare(`${b.outcome}${b.refusalReason}`)));
  });

  it("lists the latest calls, payments and open support threads", async () => {
    const result = await dashboard();
    expect(result.latestCalls[0]).toMatchObject({ callSid: sids.after, email: "dee@example.com", cost: "1.0000", status: "completed" });
    expect(result.latestCalls.map((row) => row.callSid).slice(1, 3)).toEqual([sids.busy, sids.noAnswer]);
    // An incoming call is listed by its caller's number, not the browser it rang.
    expect(result.latestCalls.find((row) => row.callSid === sids.incoming)).toMatchObject({ direction: "inbound", fromNumber: "+14155550100" });
    expect(result.latestPayments.map((row) => row.id).slice(0, 3)).toEqual(["pay_p6", "pay_p2", "pay_p4"]);
    expect(result.openSupport).toEqual([
      { id: "sup_open", reference: "DW-OPEN0001", who: "anna@example.com", subject: null, lastMessageAt: "2026-03-03T08:00:00.000Z", unread: 1 },
    ]);
  });

  it("reads the last 7 days up to today as the same days asked for by hand", async () => {
    const now = at("2026-03-07T15:00:00.000Z");
    const byName = await adminDashboardFigures(server.database.db, { period: "7d" }, now);
    const byDays = await adminDashboardFigures(server.database.db, { period: "custom", from: "2026-03-01", to: "2026-03-07" }, now);
    expect(byName).toEqual(byDays);
    const today = await adminDashboardFigures(server.database.db, { period: "today" }, at("2026-03-03T23:00:00.000Z"));
    expect(today.period).toEqual({ from: "2026-03-03", to: "2026-03-03", days: 1, previousFrom: "2026-03-02", previousTo: "2026-03-02" });
    // The UK call on the 3rd; the live call on the 2nd.
    expect([today.current.callsPlaced, today.current.billedMinutes, today.previous.callsPlaced, today.previous.billedMinutes]).toEqual([1, 3, 1, 0]);
    const month = await adminDashboardFigures(server.database.db, { period: "30d" }, now);
    expect(month.period).toEqual({ from: "2026-02-06", to: "2026-03-07", days: 30, previousFrom: "2026-01-07", previousTo: "2026-02-05" });
    // Every outgoing call but the one after the period; bo's and anna's three calls of February included.
    expect(month.current.callsPlaced).toBe(5 + 2 + 1);
  });

  it("refuses a custom period without its days, backwards or over a year, with 400", async () => {
    for (const query of ["period=custom&from=2026-03-01", "period=custom&from=2026-03-08&to=2026-03-01", "period=custom&from=2025-01-01&to=2026-03-01", "period=week"]) {
      const response = await read(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toBeTruthy();
    }
  });

  it("is for admins only", async () => {
    expect((await read(PERIOD, customer)).statusCode).toBe(403);
    expect((await read(PERIOD, null)).statusCode).toBe(401);
  });
});
