import { Registry } from "prom-client";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMoney } from "../../../shared/money";
import { callLogs, callStatusUpdates } from "../../db/schema/calls";
import { ledgerEntries } from "../../db/schema/credits";
import type { CarrierCall } from "../../providers/telephony/carrier";
import { LocalCarrierSigning } from "../../providers/telephony/local/local-carrier-signing";
import { callGrantFor, carrierLink, grant, newCallSid, placeCall, reportStatus } from "../../test/calls";
import { askGate, reportCallStatus } from "./carrier-client";
import { engines } from "../../test/engines";
import { eventually } from "../../test/eventually";
import { buildUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { getBalance, ledgerSum } from "../credits/ledger";
import { callMetrics } from "../../metrics/call-metrics";
import type { CallsDeps } from "./deps";
import { logIncomingCall } from "./incoming";
import { reconcileCall, sweepOverdueCalls } from "./reconcile";
import { STATUS_WEBHOOK_PATH } from "./twiml";
import { postCarrierWebhook } from "../../providers/telephony/webhook-signature";

/** The local carrier's signing with a record of calls the test writes: what the carrier would answer about each. */
class ScriptedCarrier extends LocalCarrierSigning {
  readonly record = new Map<string, CarrierCall>();
  override async fetchCall(callSid: string): Promise<CarrierCall | null> {
    return this.record.get(callSid) ?? null;
  }
}

const UK_MOBILE = "+447106123456";

describe.each(engines)("reconciling calls whose final status never came on %s", (engine) => {
  let server: TestServer;
  let carrier: ScriptedCarrier;
  let deps: CallsDeps;
  beforeAll(async () => {
    server = await startTestServer(engine, {}, {
      carrier: (context) => {
        carrier = new ScriptedCarrier(context.localCarrierSecret);
        return carrier;
      },
    });
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    deps = { db: server.database.db, bus: server.bus, jobs: server.jobs, carrier, rates: { quote: () => ({ ok: false, reason: "no_rate" }) }, publicUrl: server.config.publicUrl, log: quiet, metrics: callMetrics(new Registry()), grantSecret: "reconcile-test-secret" };
  });
  afterAll(() => server.close());

  const callOf = async (callSid: string) => (await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0]!;
  const chargesOf = (callSid: string) => server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, callSid));

  async function liveCall(status: "ringing" | "answered" = "answered"): Promise<{ callSid: string; userId: string }> {
    const person = await buildUser(server);
    await grant(server, person.id, "1.00");
    const callSid = newCallSid();
    await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE });
    await reportStatus(server, callSid, "ringing");
    if (status === "answered") await reportStatus(server, callSid, "in-progress");
    return { callSid, userId: person.id };
  }

  it("settles a call the carrier has finished exactly as its status event would have, once", async () => {
    const { callSid, userId } = await liveCall();
    carrier.record.set(callSid, { status: "completed", durationSeconds: 75 });
    const outcomes = await Promise.all([reconcileCall(deps, callSid), reconcileCall(deps, callSid), reconcileCall(deps, callSid)]);
    expect(outcomes.filter((outcome) => outcome === "settled")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== "settled")).toEqual(["already-final", "already-final"]);
    expect(await callOf(callSid)).toMatchObject({ status: "completed", durationSeconds: 75, billedMinutes: 2, costUsd: "0.1160" });
    // The lost callback arriving after all changes nothing.
    await reportStatus(server, callSid, "completed", { CallDuration: "75" });
    expect(await chargesOf(callSid)).toHaveLength(1);
    expect(await getBalance(server.database.db, userId)).toBe(parseMoney("0.8840"));
    expect(await reconcileCall(deps, callSid)).toBe("already-final");
  });

  it("leaves a call the carrier still has live, to ask again later", async () => {
    const { callSid } = await liveCall();
    carrier.record.set(callSid, { status: "in-progress", durationSeconds: 30 });
    expect(await reconcileCall(deps, callSid)).toBe("still-live");
    expect(await callOf(callSid)).toMatchObject({ status: "answered", endedAt: null });
    carrier.record.set(callSid, { status: "busy", durationSeconds: 0 });
    expect(await reconcileCall(deps, callSid)).toBe("settled");
    expect(await callOf(callSid)).toMatchObject({ status: "busy", costUsd: "0.0000" });
  });

  it("ends an unanswered call the carrier does not know as failed, at no cost", async () => {
    const { callSid } = await liveCall("ringing");
    expect(await reconcileCall(deps, callSid)).toBe("ended-unknown");
    expect(await callOf(callSid)).toMatchObject({ status: "failed", costUsd: "0.0000", billedMinutes: 0, endedAt: expect.any(Date) });
    expect(await chargesOf(callSid)).toHaveLength(0);
  });

  it("bills an answered call the carrier does not know for the talk time we have word of, within the time limit", async () => {
    const db = server.database.db;
    const { callSid, userId } = await liveCall();
    const answeredAt = new Date(Date.now() - 30 * 60_000);
    await db.update(callLogs).set({ answeredAt }).where(eq(callLogs.callSid, callSid));
    await db.update(callStatusUpdates).set({ receivedAt: answeredAt }).where(eq(callStatusUpdates.callSid, callSid));
    // The last event heard: 150 s after the answer.
    await db.insert(callStatusUpdates).values({ callSid, status: "answered", userId, receivedAt: new Date(answeredAt.getTime() + 150_000) });
    expect(await reconcileCall(deps, callSid)).toBe("ended-unknown");
    expect(await callOf(callSid)).toMatchObject({ status: "completed", durationSeconds: 150, billedMinutes: 3, costUsd: "0.1740" });

    // Word of it long after the time limit: billed the limit, never more.
    const second = await liveCall();
    const limit = (await callOf(second.callSid)).timeLimitSeconds;
    await db.update(callLogs).set({ answeredAt }).where(eq(callLogs.callSid, second.callSid));
    await db.insert(callStatusUpdates).values({ callSid: second.callSid, status: "answered", userId: second.userId, receivedAt: new Date() });
    expect(await reconcileCall(deps, second.callSid)).toBe("ended-unknown");
    expect(await callOf(second.callSid)).toMatchObject({ durationSeconds: limit, billedMinutes: limit / 60 });
    expect(await getBalance(db, second.userId)).toBeGreaterThanOrEqual(0);
    expect(await getBalance(db, second.userId)).toBe(await ledgerSum(db, second.userId));
  });

  it("finds calls live past their time limit at start-up and settles them through the job queue, however many instances sweep", async () => {
    const { callSid } = await liveCall();
    const fresh = await liveCall();
    carrier.record.set(callSid, { status: "completed", durationSeconds: 61 });
    await server.database.db
      .update(callLogs)
      .set({ startedAt: sql`now() - make_interval(secs => ${callLogs.timeLimitSeconds} + 121)` })
      .where(eq(callLogs.callSid, callSid));
    // Two instances starting at once both sweep.
    const [first, second] = await Promise.all([sweepOverdueCalls(deps), sweepOverdueCalls(deps)]);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(second).toBeGreaterThanOrEqual(1);
    await eventually(() => callOf(callSid), (call) => call.status === "completed", 20_000);
    expect(await callOf(callSid)).toMatchObject({ billedMinutes: 2, costUsd: "0.1160" });
    expect(await chargesOf(callSid)).toHaveLength(1);
    expect(await callOf(fresh.callSid)).toMatchObject({ status: "answered" });
  });

  it("logs an incoming call that moves by its own leg's events and never costs anything", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "1.00");
    const callSid = newCallSid();
    const logged = await server.database.db.transaction((tx) => logIncomingCall(deps, tx, { callSid, userId: person.id, fromNumber: "+46701234567", carrier: "local" }));
    // The caller's country comes from their number: a Swedish mobile.
    expect(logged).toMatchObject({ direction: "inbound", status: "initiated", fromNumber: "+46701234567", countryCode: "SE", costUsd: "0.0000" });
    const hidden = await server.database.db.transaction((tx) => logIncomingCall(deps, tx, { callSid: newCallSid(), userId: person.id, fromNumber: "anonymous", carrier: "local" }));
    expect(hidden?.countryCode).toBe("");
    for (const [status, extra] of [["ringing", {}], ["in-progress", {}], ["completed", { CallDuration: "300" }]] as const) {
      const answer = await postCarrierWebhook(server.app, {
        secret: server.carrier.webhookAuthToken,
        publicUrl: server.config.publicUrl,
        path: STATUS_WEBHOOK_PATH,
        params: { CallSid: callSid, CallStatus: status, ...extra },
      });
      expect(JSON.parse(answer.body)).toMatchObject({ outcome: "processed" });
    }
    expect(await callOf(callSid)).toMatchObject({ status: "completed", durationSeconds: 300, billedMinutes: 0, costUsd: "0.0000", answeredAt: expect.any(Date) });
    expect(await chargesOf(callSid)).toHaveLength(0);
    expect(await getBalance(server.database.db, person.id)).toBe(parseMoney("1.00"));
  });

  it("takes a call from a carrier inside the server through askGate and reportCallStatus", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "0.2000");
    const link = carrierLink(server);
    const callSid = newCallSid();
    const callGrant = await callGrantFor(server, person.id);
    const answer = await askGate(link, { callSid, userId: person.id, to: UK_MOBILE, grant: callGrant });
    // 0.20 / 0.058 buys 3 whole minutes.
    expect(answer).toEqual({ kind: "dial", e164: UK_MOBILE, timeLimitSeconds: 180, callerId: "+15005550006", statusCallbackUrl: `${server.config.publicUrl}${STATUS_WEBHOOK_PATH}` });
    const legSid = newCallSid();
    for (const status of ["initiated", "ringing", "in-progress"] as const) expect((await reportCallStatus(link, { callSid, legSid, status })).accepted).toBe(true);
    expect((await reportCallStatus(link, { callSid, legSid, status: "completed", talkSeconds: 180 })).accepted).toBe(true);
    expect(await callOf(callSid)).toMatchObject({ status: "completed", billedMinutes: 3, costUsd: "0.1740" });
    expect(await askGate(link, { callSid: newCallSid(), userId: person.id, to: UK_MOBILE, grant: callGrant })).toEqual({ kind: "reject" });
    expect((await reportCallStatus(link, { callSid: newCallSid(), legSid, status: "ringing" })).accepted).toBe(false);
  });
});
