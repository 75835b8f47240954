import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import twilio from "twilio";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billedMinutes, callCost, timeLimitSeconds } from "../../../shared/billing";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import { user } from "../../db/schema/auth";
import { callLogs, callStatusUpdates } from "../../db/schema/calls";
import { ledgerEntries } from "../../db/schema/credits";
import { userEvents } from "../../db/schema/events";
import { webhookEvents } from "../../db/schema/webhooks";
import { everyEngine } from "../../test/engines";
import { eventually } from "../../test/eventually";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { TWILIO_ENV } from "../../test/twilio-env";
import { getBalance, ledgerSum } from "../credits/ledger";
import { callMetrics } from "../../metrics/call-metrics";
import { lockCall } from "./call-status";
import { settleCall } from "./settlement";
import { postCarrierWebhook } from "../../providers/telephony/webhook-signature";
import { callGrantFor, grant, newCallSid, placeCall, reportStatus } from "../../test/calls";
import { parseGateAnswer, STATUS_WEBHOOK_PATH, VOICE_WEBHOOK_PATH } from "./twiml";

/** A UK mobile the shipped deck sells at 0.0580 a minute. */
const UK_MOBILE = "+447106123456";
const UK_RATE = parseMoney("0.0580");
/** A Jamaican mobile at 0.6375 a minute, until an administrator clamps Jamaica's band. */
const JM_MOBILE = "+18762101234";

describe.each(everyEngine)("calls through the gate and the status webhook on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const callOf = async (callSid: string) => (await db().select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0];
  const ledgerOf = (userId: string) => db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);
  const callEvents = async (userId: string) =>
    (await db().select().from(userEvents).where(and(eq(userEvents.userId, userId), eq(userEvents.type, "call.status"))).orderBy(userEvents.id)).map(
      (row) => row.data as { callSid: string; status: string; reason: string | null; costUsd: string | null; timeLimitSeconds: number | null },
    );

  async function customerWith(amount: string): Promise<TestUser> {
    const person = await buildUser(server);
    await grant(server, person.id, amount);
    return person;
  }

  /** Gate, ring, answer and complete a call of `talkSeconds`; answers the call sid. */
  async function completedCall(person: TestUser, talkSeconds: number, to = UK_MOBILE): Promise<string> {
    const callSid = newCallSid();
    expect(parseGateAnswer((await placeCall(server, { callSid, userId: person.id, to })).body).kind).toBe("dial");
    for (const status of ["initiated", "ringing", "in-progress"]) expect((await reportStatus(server, callSid, status)).statusCode).toBe(200);
    expect((await reportStatus(server, callSid, "completed", { CallDuration: String(talkSeconds) })).statusCode).toBe(200);
    return callSid;
  }

  it("lets a funded call through with the time limit the balance buys, freezing its price, and bills the started minutes once", async () => {
    const person = await customerWith("1.00");
    const callSid = newCallSid();
    const gate = await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE });
    expect(gate.statusCode).toBe(200);
    expect(gate.contentType).toMatch(/^text\/xml/);
    // floor(1.00 / 0.0580) = 17 minutes.
    expect(gate.body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial answerOnBridge="true" timeLimit="1020" callerId="+15005550006">` +
        `<Number statusCallback="${server.config.publicUrl}${STATUS_WEBHOOK_PATH}" statusCallbackMethod="POST" statusCallbackEvent="initiated ringing answered completed">${UK_MOBILE}</Number></Dial></Response>`,
    );
    expect(await callOf(callSid)).toMatchObject({
      userId: person.id,
      direction: "outbound",
      status: "initiated",
      toNumber: UK_MOBILE,
      countryCode: "GB",
      ratePerMin: "0.0580",
      marginBp: 9000,
      timeLimitSeconds: 1020,
      carrier: "local",
    });

    for (const status of ["initiated", "ringing", "in-progress"]) await reportStatus(server, callSid, status);
    expect(await callOf(callSid)).toMatchObject({ status: "answered", answeredAt: expect.any(Date) });
    await reportStatus(server, callSid, "completed", { CallDuration: "70" });

    expect(await callOf(callSid)).toMatchObject({ status: "completed", durationSeconds: 70, billedMinutes: 2, costUsd: "0.1160", costCalculatedBy: "server", endedAt: expect.any(Date) });
    expect((await ledgerOf(person.id)).at(-1)).toMatchObject({ kind: "call", reference: callSid, amount: "-0.1160", balanceAfter: "0.8840", createdBy: "server" });
    expect(await getBalance(db(), person.id)).toBe(parseMoney("0.8840"));
    const stored = await db().select().from(callStatusUpdates).where(eq(callStatusUpdates.callSid, callSid)).orderBy(callStatusUpdates.id);
    expect(stored.map((row) => [row.status, row.talkDurationSeconds, row.userId])).toEqual([
      ["initiated", 0, person.id],
      ["ringing", 0, person.id],
      ["answered", 0, person.id],
      ["completed", 70, person.id],
    ]);
    const events = await callEvents(person.id);
    expect(events.map((event) => event.status)).toEqual(["initiated", "initiated", "ringing", "answered", "completed"]);
    expect(events.at(-1)).toMatchObject({ callSid, costUsd: "0.1160", timeLimitSeconds: 1020, reason: null });
    const balances = await db().select().from(userEvents).where(and(eq(userEvents.userId, person.id), eq(userEvents.type, "balance"))).orderBy(userEvents.id);
    expect(balances.at(-1)?.data).toEqual({ balance: "0.8840" });
  });

  it("refuses what it must, recording each refusal with its reason and telling the browser", async () => {
    const person = await customerWith("0.0500");
    const cases = [
      { to: "911", reason: "emergency_blocked" },
      { to: "12", reason: "invalid_number" },
      { to: UK_MOBILE, reason: "insufficient_balance" },
    ];
    for (const { to, reason } of cases) {
      const callSid = newCallSid();
      const gate = await placeCall(server, { callSid, userId: person.id, to });
      expect(parseGateAnswer(gate.body)).toEqual({ kind: "reject" });
      expect(gate.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Reject reason="rejected"/></Response>');
      expect(await callOf(callSid), reason).toMatchObject({ status: "failed", refusalReason: reason, costUsd: "0.0000", timeLimitSeconds: 0 });
      expect((await callEvents(person.id)).at(-1), reason).toMatchObject({ callSid, status: "failed", reason });
    }
    expect(await ledgerOf(person.id)).toHaveLength(1);

    // A caller the server does not know has no account to record it on.
    const stranger = newCallSid();
    expect(parseGateAnswer((await placeCall(server, { callSid: stranger, userId: "no-such-user", to: UK_MOBILE })).body)).toEqual({ kind: "reject" });
    expect(await callOf(stranger)).toBeUndefined();
  });

  it("refuses a second simultaneous call on one account, then allows one once the first has ended", async () => {
    const person = await customerWith("5.00");
    const sids = Array.from({ length: 4 }, newCallSid);
    const answers = await Promise.all(sids.map((callSid) => placeCall(server, { callSid, userId: person.id, to: UK_MOBILE })));
    const kinds = answers.map((answer) => parseGateAnswer(answer.body).kind);
    expect(kinds.filter((kind) => kind === "dial")).toHaveLength(1);
    const allowed = sids[kinds.indexOf("dial")]!;
    for (const callSid of sids.filter((sid) => sid !== allowed)) {
      expect(await callOf(callSid)).toMatchObject({ status: "failed", refusalReason: "call_in_progress" });
    }
    await reportStatus(server, allowed, "busy");
    const next = newCallSid();
    expect(parseGateAnswer((await placeCall(server, { callSid: next, userId: person.id, to: UK_MOBILE })).body).kind).toBe("dial");
  });

  it("bills 50 concurrent duplicate `completed` callbacks once", async () => {
    const person = await customerWith("2.00");
    const callSid = newCallSid();
    await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE });
    await reportStatus(server, callSid, "in-progress");
    const answers = await Promise.all(Array.from({ length: 50 }, () => reportStatus(server, callSid, "completed", { CallDuration: "125" })));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.filter((answer) => JSON.parse(answer.body).duplicate === false)).toHaveLength(1);
    const charges = (await ledgerOf(person.id)).filter((row) => row.kind === "call");
    expect(charges).toEqual([expect.objectContaining({ reference: callSid, amount: "-0.1740" })]);
    expect(await getBalance(db(), person.id)).toBe(await ledgerSum(db(), person.id));
    expect(await getBalance(db(), person.id)).toBe(parseMoney("1.8260"));
    const [delivery] = await db().select().from(webhookEvents).where(eq(webhookEvents.eventId, `${callSid}:completed`));
    expect(delivery).toMatchObject({ deliveries: 50, attempts: 1, outcome: "processed" });
  });

  it("ends in the same state whatever order the callbacks come in, late and repeated ones included", async () => {
    const person = await customerWith("50.00");
    const events: [string, Record<string, string>][] = [
      ["initiated", {}],
      ["ringing", {}],
      ["in-progress", {}],
      ["completed", { CallDuration: "61" }],
      ["busy", {}],
      ["ringing", {}],
    ];
    const finals = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }), async (order) => {
        // `busy` after `completed` or before it: whichever final status comes first ends the call.
        const callSid = newCallSid();
        await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE });
        for (const [status, extra] of order) await reportStatus(server, callSid, status, extra);
        const call = await callOf(callSid);
        const firstFinal = order.find(([status]) => status === "completed" || status === "busy")![0];
        finals.add(firstFinal);
        if (firstFinal === "completed") {
          expect(call).toMatchObject({ status: "completed", durationSeconds: 61, billedMinutes: 2, costUsd: "0.1160" });
        } else {
          expect(call).toMatchObject({ status: "busy", durationSeconds: 0, billedMinutes: 0, costUsd: "0.0000" });
        }
        const charged = (await ledgerOf(person.id)).filter((row) => row.reference === callSid);
        expect(charged).toHaveLength(firstFinal === "completed" ? 1 : 0);
        // Each distinct event stored once, late ones included; the repeated `ringing` is a redelivery of the same event.
        expect(await db().select().from(callStatusUpdates).where(eq(callStatusUpdates.callSid, callSid))).toHaveLength(new Set(events.map(([status]) => status)).size);
      }),
      { numRuns: 12 },
    );
    expect(await getBalance(db(), person.id)).toBe(await ledgerSum(db(), person.id));
  });

  it("refuses a forged signature and writes nothing", async () => {
    const person = await customerWith("5.00");
    const callSid = newCallSid();
    const params = { CallSid: callSid, From: `client:${person.id}`, To: UK_MOBILE };
    const body = new URLSearchParams(params).toString();
    const forgeries = [
      twilio.getExpectedTwilioSignature("not-the-secret-0123456789abcdef", `${server.config.publicUrl}${VOICE_WEBHOOK_PATH}`, params),
      twilio.getExpectedTwilioSignature(server.carrier.webhookAuthToken, `http://elsewhere.example${VOICE_WEBHOOK_PATH}`, params),
      twilio.getExpectedTwilioSignature(server.carrier.webhookAuthToken, `${server.config.publicUrl}${VOICE_WEBHOOK_PATH}`, { ...params, To: "+447106000000" }),
    ];
    for (const signature of forgeries) {
      const response = await server.app.inject({
        method: "POST",
        url: VOICE_WEBHOOK_PATH,
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
        payload: body,
      });
      expect(response.statusCode).toBe(403);
    }
    const unsigned = await server.app.inject({ method: "POST", url: STATUS_WEBHOOK_PATH, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect(await callOf(callSid)).toBeUndefined();
    expect(await db().select().from(webhookEvents).where(sql`${webhookEvents.eventId} like ${`%${callSid}%`}`)).toEqual([]);
    expect(await ledgerOf(person.id)).toHaveLength(1);
  });

  it("charges the rate frozen at the gate when an administrator changes the price during the call", async () => {
    const admin = await buildUser(server, { role: "admin" });
    const person = await customerWith("10.00");
    const callSid = newCallSid();
    await placeCall(server, { callSid, userId: person.id, to: JM_MOBILE });
    expect(await callOf(callSid)).toMatchObject({ ratePerMin: "0.6375", countryCode: "JM" });
    await reportStatus(server, callSid, "in-progress");

    const countries = await server.app.inject({ url: "/api/admin/rates/countries?q=JM", headers: { cookie: admin.cookie } });
    const jamaica = countries.json<{ countries: { country_code: string; version: number }[] }>().countries.find((row) => row.country_code === "JM")!;
    const patched = await server.app.inject({
      method: "PATCH",
      url: "/api/admin/rates/countries/JM",
      headers: { cookie: admin.cookie },
      payload: { version: jamaica.version, our_cheapest_rate: "0.5000", our_most_expensive_rate: "0.6000" },
    });
    expect(patched.statusCode).toBe(200);
    await eventually(
      async () => (await server.app.inject({ method: "POST", url: "/api/rates/lookup", payload: { number: JM_MOBILE } })).json<{ rate: string }>().rate,
      (rate) => rate === "0.6000",
    );

    await reportStatus(server, callSid, "completed", { CallDuration: "90" });
    expect(await callOf(callSid)).toMatchObject({ ratePerMin: "0.6375", billedMinutes: 2, costUsd: "1.2750" });
    // The next call is priced anew.
    const next = newCallSid();
    await placeCall(server, { callSid: next, userId: person.id, to: JM_MOBILE });
    expect(await callOf(next)).toMatchObject({ ratePerMin: "0.6000" });
    await reportStatus(server, next, "canceled");
  });

  it("lets no call run longer than four hours, however large the balance", async () => {
    const person = await customerWith("5000.00");
    const callSid = newCallSid();
    expect(parseGateAnswer((await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE })).body)).toMatchObject({ kind: "dial", timeLimitSeconds: 14_400 });
    await reportStatus(server, callSid, "canceled");
  });

  it("never bills past the time limit, even when the carrier reports more talk time", async () => {
    const person = await customerWith("0.1600");
    const callSid = newCallSid();
    await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE });
    expect(await callOf(callSid)).toMatchObject({ timeLimitSeconds: 120 });
    await reportStatus(server, callSid, "in-progress");
    await reportStatus(server, callSid, "completed", { CallDuration: "185" });
    expect(await callOf(callSid)).toMatchObject({ durationSeconds: 185, billedMinutes: 2, costUsd: "0.1160" });
    expect(await getBalance(db(), person.id)).toBe(parseMoney("0.0440"));
  });

  it("charges nothing for calls that were never answered, and a later `completed` changes nothing", async () => {
    const person = await customerWith("1.00");
    for (const status of ["busy", "no-answer", "failed", "canceled"]) {
      const callSid = newCallSid();
      await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE });
      await reportStatus(server, callSid, "ringing");
      await reportStatus(server, callSid, status);
      await reportStatus(server, callSid, "completed", { CallDuration: "300" });
      expect(await callOf(callSid), status).toMatchObject({ status, costUsd: "0.0000", billedMinutes: 0, durationSeconds: 0 });
    }
    const zero = await completedCall(person, 0);
    expect(await callOf(zero)).toMatchObject({ status: "completed", costUsd: "0.0000" });
    expect(await getBalance(db(), person.id)).toBe(parseMoney("1.00"));
    expect(await ledgerOf(person.id)).toHaveLength(1);
  });

  it("ignores the device's own leg of an outgoing call and refuses events about calls it never gated", async () => {
    const person = await customerWith("1.00");
    const callSid = newCallSid();
    await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE });
    await reportStatus(server, callSid, "ringing");
    // The device's leg is in progress as soon as the gate answered: that is not the far end answering.
    const ownLeg = await postCarrierWebhook(server.app, {
      secret: server.carrier.webhookAuthToken,
      publicUrl: server.config.publicUrl,
      path: STATUS_WEBHOOK_PATH,
      params: { CallSid: callSid, CallStatus: "in-progress" },
    });
    expect(JSON.parse(ownLeg.body)).toMatchObject({ outcome: "ignored" });
    expect(await callOf(callSid)).toMatchObject({ status: "ringing", answeredAt: null });
    await reportStatus(server, callSid, "canceled");

    const unknown = await reportStatus(server, newCallSid(), "completed", { CallDuration: "60" });
    expect(JSON.parse(unknown.body)).toMatchObject({ outcome: "rejected" });
    expect(await ledgerOf(person.id)).toHaveLength(1);
  });

  describe("settlement properties", () => {
    /** A live call log made directly (no gate), so hundreds of cases run quickly. */
    async function liveCall(userId: string, rate: number, limit: number) {
      const [row] = await db()
        .insert(callLogs)
        .values({ userId, callSid: newCallSid(), direction: "outbound", toNumber: UK_MOBILE, ratePerMin: moneyToDecimal(rate), timeLimitSeconds: limit, carrier: "local", status: "answered", answeredAt: new Date() })
        .returning();
      return row!;
    }
    const settle = (callSid: string, talkSeconds: number) =>
      db().transaction(async (tx) => settleCall({ bus: server.bus, log: { info: () => {}, warn: () => {}, error: () => {} }, metrics: callMetrics(new Registry()) }, tx, (await lockCall(tx, callSid))!, { status: "completed", talkSeconds, endedAt: new Date(), source: "status" }));

    it("settles any talk time at ceil(s / 60) × the rate, when within the time limit", async () => {
      const person = await customerWith("100000.00");
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 6 * 3600 }), fc.integer({ min: 1, max: 50_000 }), async (seconds, rate) => {
          const call = await liveCall(person.id, rate, 6 * 3600);
          const settled = await settle(call.callSid, seconds);
          expect(parseMoney(settled.costUsd)).toBe(Math.ceil(seconds / 60) * rate);
          expect(settled.billedMinutes).toBe(billedMinutes(seconds));
        }),
        { numRuns: 40 },
      );
      expect(await getBalance(db(), person.id)).toBe(await ledgerSum(db(), person.id));
    });

    it("never lets a call cost more than the balance it was allowed on, however long the carrier says it lasted", async () => {
      // The arithmetic alone, over many cases: the limit's cost fits the balance, and one more minute would not.
      fc.assert(
        fc.property(fc.integer({ min: -1_000_000, max: 100_000_000_000 }), fc.integer({ min: 0, max: 50_000 }), (balance, rate) => {
          const limit = timeLimitSeconds(balance, rate);
          if (limit === 0) return;
          expect(callCost(limit, rate)).toBeLessThanOrEqual(balance);
          expect(callCost(limit + 1, rate)).toBeGreaterThan(balance);
        }),
        { numRuns: 2000 },
      );
      // And through settlement, whatever talk time the carrier reports.
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 50_000 }), fc.nat({ max: 100_000 }), async (balance, rate, seconds) => {
          const limit = timeLimitSeconds(balance, rate);
          if (limit < 60) return;
          const [person] = await db().insert(user).values({ id: `prop-${newCallSid()}`, name: "p", email: `${newCallSid()}@example.com` }).returning();
          await grant(server, person!.id, moneyToDecimal(balance));
          const call = await liveCall(person!.id, rate, limit);
          const settled = await settle(call.callSid, seconds);
          expect(parseMoney(settled.costUsd)).toBeLessThanOrEqual(balance);
          expect(await getBalance(db(), person!.id)).toBeGreaterThanOrEqual(0);
        }),
        { numRuns: 25 },
      );
    });
  });
});

describe.each(everyEngine)("Twilio at its HTTP boundary on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { ...TWILIO_ENV, PUBLIC_URL: "https://calls.dialwise.example" });
  });
  afterAll(() => server.close());

  /** A request exactly as Twilio sends it: a form, signed by Twilio's own function with the account's auth token. */
  function fromTwilio(path: string, params: Record<string, string>, url = `https://calls.dialwise.example${path}`) {
    return server.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": twilio.getExpectedTwilioSignature(TWILIO_ENV.TWILIO_AUTH_TOKEN, url, params) },
      payload: new URLSearchParams(params).toString(),
    });
  }

  it("answers Twilio's signed voice request with the Dial TwiML, and bills from its signed status callbacks", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "3.00");
    const callSid = newCallSid();
    const voice = await fromTwilio(VOICE_WEBHOOK_PATH, {
      AccountSid: TWILIO_ENV.TWILIO_ACCOUNT_SID,
      ApplicationSid: TWILIO_ENV.TWILIO_TWIML_APP_SID,
      CallSid: callSid,
      CallStatus: "ringing",
      Direction: "inbound",
      From: `client:${person.id}`,
      To: UK_MOBILE,
      ApiVersion: "2010-04-01",
      // The device's own call parameter, which Twilio forwards beside its own fields.
      Grant: await callGrantFor(server, person.id),
    });
    expect(voice.statusCode).toBe(200);
    expect(voice.headers["content-type"]).toMatch(/^text\/xml/);
    expect(parseGateAnswer(voice.body)).toEqual({
      kind: "dial",
      e164: UK_MOBILE,
      timeLimitSeconds: 51 * 60,
      callerId: TWILIO_ENV.TWILIO_CALLER_ID,
      statusCallbackUrl: `https://calls.dialwise.example${STATUS_WEBHOOK_PATH}`,
    });
    expect(voice.body).toContain('answerOnBridge="true"');

    const leg = newCallSid();
    const common = { AccountSid: TWILIO_ENV.TWILIO_ACCOUNT_SID, CallSid: leg, ParentCallSid: callSid, To: UK_MOBILE, From: TWILIO_ENV.TWILIO_CALLER_ID, Direction: "outbound-dial" };
    for (const [index, status] of ["initiated", "ringing", "in-progress"].entries()) {
      expect((await fromTwilio(STATUS_WEBHOOK_PATH, { ...common, CallStatus: status, SequenceNumber: String(index), Timestamp: new Date().toUTCString() })).statusCode).toBe(200);
    }
    const done = await fromTwilio(STATUS_WEBHOOK_PATH, { ...common, CallStatus: "completed", CallDuration: "59", SequenceNumber: "3" });
    expect(done.json()).toEqual({ received: true, duplicate: false, outcome: "processed" });
    const [call] = await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid));
    expect(call).toMatchObject({ carrier: "twilio", status: "completed", billedMinutes: 1, costUsd: moneyToDecimal(UK_RATE) });
    const [delivery] = await server.database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, `voice:${callSid}`));
    expect(delivery).toMatchObject({ provider: "twilio", outcome: "processed" });

    // Signed for another address than PUBLIC_URL: not Twilio's request to us.
    const elsewhere = await fromTwilio(VOICE_WEBHOOK_PATH, { CallSid: newCallSid(), From: `client:${person.id}`, To: UK_MOBILE }, `http://localhost:3000${VOICE_WEBHOOK_PATH}`);
    expect(elsewhere.statusCode).toBe(403);
  });
});
