import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallCreditPolicy } from "../../../shared/api/call-credits";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import { queryRows } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { callLogs } from "../../db/schema/calls";
import { creditBalances, ledgerEntries } from "../../db/schema/credits";
import { grant, newCallSid, placeCall, reportStatus } from "../../test/calls";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { parseGateAnswer } from "../calls/twiml";

/**
 * Fair billing for broken calls: an admin credits a settled call back once, fully or partly,
 * with a reason; the policy credits answered calls that were too short as they settle.
 * (The carrier-measured quality rule is covered with real media in quality-credit.test.ts.)
 */
describe.each(engines)("call credits on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await buildUser(server, { role: "admin" });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const callOf = async (callSid: string) => (await db().select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0]!;
  const balanceOf = async (userId: string) => parseMoney((await db().select().from(creditBalances).where(eq(creditBalances.userId, userId)))[0]!.balance);
  const ledgerSum = async (userId: string) =>
    parseMoney((await queryRows<{ total: string }>(db(), sql`select coalesce(sum(amount), 0)::numeric(14,4)::text as total from ledger_entries where user_id = ${userId}`))[0]!.total);
  const creditRows = (callSid: string) => db().select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, "call_credit"), eq(ledgerEntries.reference, callSid)));

  /** A customer with $5 and one call to the UK answered for `talkSeconds`, settled through the carrier's status events. */
  async function settledCall(talkSeconds: number, customer?: TestUser) {
    const person = customer ?? (await buildUser(server));
    if (!customer) await grant(server, person.id, "5.00");
    const callSid = newCallSid();
    expect(parseGateAnswer((await placeCall(server, { callSid, userId: person.id, to: "+447106123456" })).body).kind).toBe("dial");
    for (const status of ["initiated", "ringing", "in-progress"]) expect((await reportStatus(server, callSid, status)).statusCode).toBe(200);
    expect((await reportStatus(server, callSid, "completed", { CallDuration: String(talkSeconds) })).statusCode).toBe(200);
    return { person, callSid };
  }

  const credit = (callSid: string, payload: { amount: string; reason: string }, who: TestUser = admin) =>
    server.app.inject({ method: "POST", url: `/api/admin/calls/${callSid}/credit`, headers: { cookie: who.cookie }, payload });
  const setPolicy = (policy: CallCreditPolicy) =>
    server.app.inject({ method: "PUT", url: "/api/admin/call-credit-policy", headers: { cookie: admin.cookie }, payload: policy });

  it("credits part of a call back once, with the reason, in the ledger, on the call and in the audit", async () => {
    const { person, callSid } = await settledCall(90);
    const call = await callOf(callSid);
    // 90 s are two started minutes at the rate frozen on the call.
    const cost = 2 * parseMoney(call.ratePerMin);
    expect(parseMoney(call.costUsd)).toBe(cost);
    const before = await balanceOf(person.id);
    const part = Math.floor(cost / 2);

    const response = await credit(callSid, { amount: moneyToDecimal(part), reason: "The line dropped twice" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ credit: { amountUsd: moneyToDecimal(part), reason: "manual", note: "The line dropped twice" }, balance: moneyToDecimal(before + part) });
    expect(await balanceOf(person.id)).toBe(before + part);
    expect(await ledgerSum(person.id)).toBe(before + part);
    expect(await creditRows(callSid)).toEqual([expect.objectContaining({ userId: person.id, amount: moneyToDecimal(part), createdBy: admin.email })]);
    expect(await callOf(callSid)).toMatchObject({ creditUsd: moneyToDecimal(part), creditReason: "manual", creditNote: "The line dropped twice" });
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, "call.credit"), eq(auditLog.subjectId, callSid)));
    expect(audit).toEqual([expect.objectContaining({ actorUserId: admin.id, before: { costUsd: call.costUsd, creditUsd: null } })]);

    // The customer sees it on the call in their history.
    const history = await server.app.inject({ method: "GET", url: `/api/calls/${callSid}`, headers: { cookie: person.cookie } });
    expect(history.json()).toMatchObject({ call: { credit: { amountUsd: moneyToDecimal(part), reason: "manual" } } });

    // A second credit, even of the rest, is refused and writes nothing.
    const again = await credit(callSid, { amount: moneyToDecimal(cost - part), reason: "Again" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: "call_already_credited" } });
    expect(await creditRows(callSid)).toHaveLength(1);
    expect(await balanceOf(person.id)).toBe(before + part);
  });

  it("refuses more than the call cost, a call that cost nothing, a live call, an unknown call and a bad amount, writing nothing", async () => {
    const { person, callSid } = await settledCall(30);
    const cost = parseMoney((await callOf(callSid)).costUsd);
    const above = await credit(callSid, { amount: moneyToDecimal(cost + 1), reason: "Too much" });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ error: { code: "credit_above_cost", details: [{ path: "cost", message: moneyToDecimal(cost) }] } });
    for (const amount of ["0", "-1.00", "abc", "1.123456"]) {
      const bad = await credit(callSid, { amount, reason: "Bad amount" });
      expect(bad.statusCode, amount).toBe(400);
    }
    expect((await credit(callSid, { amount: "0.01", reason: "x" })).statusCode).toBe(400);

    const unanswered = newCallSid();
    await placeCall(server, { callSid: unanswered, userId: person.id, to: "+447106123456" });
    const live = await credit(unanswered, { amount: "0.01", reason: "Still ringing" });
    expect(live.json()).toMatchObject({ error: { code: "call_not_settled" } });
    await reportStatus(server, unanswered, "busy");
    const free = await credit(unanswered, { amount: "0.01", reason: "Busy" });
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({ error: { code: "call_not_charged" } });
    expect((await credit(newCallSid(), { amount: "0.01", reason: "Unknown" })).statusCode).toBe(404);

    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.kind, "call_credit")).then((rows) => rows.filter((row) => row.userId === person.id))).toEqual([]);
    expect(await ledgerSum(person.id)).toBe(await balanceOf(person.id));
  });

  it("is refused to customers", async () => {
    const { person, callSid } = await settledCall(30);
    expect((await credit(callSid, { amount: "0.01", reason: "My own call" }, person)).statusCode).toBe(403);
    expect((await server.app.inject({ method: "PUT", url: "/api/admin/call-credit-policy", headers: { cookie: person.cookie }, payload: { enabled: true, shortCallSeconds: 600, maxPacketLossPercent: null, maxJitterMs: null } })).statusCode).toBe(403);
    expect(await creditRows(callSid)).toEqual([]);
  });

  it("credits answered calls shorter than the policy's seconds in full as they settle, once, and only while the policy is on", async () => {
    const off = await server.app.inject({ method: "GET", url: "/api/admin/call-credit-policy", headers: { cookie: admin.cookie } });
    expect(off.json()).toEqual({ policy: { enabled: false, shortCallSeconds: null, maxPacketLossPercent: null, maxJitterMs: null } });
    // Off: a 5-second call is billed like any other.
    const before = await settledCall(5);
    expect((await callOf(before.callSid)).creditUsd).toBeNull();

    const saved = await setPolicy({ enabled: true, shortCallSeconds: 10, maxPacketLossPercent: null, maxJitterMs: null });
    expect(saved.statusCode, saved.body).toBe(200);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "call_credit_policy.update"));
    expect(audit.at(-1)).toMatchObject({ actorUserId: admin.id, after: { enabled: true, shortCallSeconds: 10 } });

    const short = await settledCall(9);
    const shortCall = await callOf(short.callSid);
    // 9 s is one started minute: billed, then given back in full.
    expect(parseMoney(shortCall.costUsd)).toBe(parseMoney(shortCall.ratePerMin));
    expect(shortCall).toMatchObject({ creditUsd: shortCall.costUsd, creditReason: "short_call" });
    expect(await creditRows(short.callSid)).toEqual([expect.objectContaining({ amount: shortCall.costUsd, createdBy: "policy" })]);
    expect(await balanceOf(short.person.id)).toBe(parseMoney("5.00"));
    expect(await ledgerSum(short.person.id)).toBe(parseMoney("5.00"));
    // The carrier says it again: nothing more.
    expect((await reportStatus(server, short.callSid, "completed", { CallDuration: "9" })).statusCode).toBe(200);
    expect(await creditRows(short.callSid)).toHaveLength(1);
    // An admin cannot credit it a second time either.
    expect((await credit(short.callSid, { amount: "0.0001", reason: "More" })).statusCode).toBe(409);

    const long = await settledCall(10);
    expect((await callOf(long.callSid)).creditUsd).toBeNull();

    await setPolicy({ enabled: false, shortCallSeconds: 10, maxPacketLossPercent: null, maxJitterMs: null });
    const afterOff = await settledCall(3);
    expect((await callOf(afterOff.callSid)).creditUsd).toBeNull();
  });

  it("refuses a policy outside its bounds with a clear error, changing nothing", async () => {
    const saved = await setPolicy({ enabled: true, shortCallSeconds: 5, maxPacketLossPercent: 3, maxJitterMs: 40 });
    expect(saved.statusCode).toBe(200);
    for (const bad of [{ enabled: true, shortCallSeconds: 0, maxPacketLossPercent: null, maxJitterMs: null }, { enabled: true, shortCallSeconds: null, maxPacketLossPercent: 101, maxJitterMs: null }, { enabled: "yes" }]) {
      const response = await server.app.inject({ method: "PUT", url: "/api/admin/call-credit-policy", headers: { cookie: admin.cookie }, payload: bad });
      expect(response.statusCode).toBe(400);
    }
    const now = await server.app.inject({ method: "GET", url: "/api/admin/call-credit-policy", headers: { cookie: admin.cookie } });
    expect(now.json()).toEqual({ policy: { enabled: true, shortCallSeconds: 5, maxPacketLossPercent: 3, maxJitterMs: 40 } });
    await setPolicy({ enabled: false, shortCallSeconds: null, maxPacketLossPercent: null, maxJitterMs: null });
  });

  it("keeps every balance equal to its ledger", async () => {
    const drift = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from credit_balances b
      where b.balance <> (select coalesce(sum(amount), 0) from ledger_entries l where l.user_id = b.user_id)`);
    expect(drift[0]?.n).toBe(0);
  });
});
