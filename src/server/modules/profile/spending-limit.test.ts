import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callLogs } from "../../db/schema/calls";
import { grant, newCallSid, placeCall, reportStatus } from "../../test/calls";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { parseGateAnswer } from "../calls/twiml";

/** A UK mobile the shipped deck sells at $0.0580 a minute (in ten-thousandths: 580). */
const UK_MOBILE = "+447106123456";
const RATE = 580;

/** Whole minutes `budget` (ten-thousandths of a dollar) pays for at RATE, in seconds: worked out here, not by the server's function. */
const secondsFor = (budget: number) => Math.floor(budget / RATE) * 60;

describe.each(engines)("the daily spending limit on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  async function customerWith(amount: string): Promise<TestUser> {
    const person = await buildUser(server);
    await grant(server, person.id, amount);
    return person;
  }

  const setSpending = (who: TestUser, body: { dailyLimit: string | null; lowBalanceAlert: string | null }) =>
    server.app.inject({ method: "PUT", url: "/api/profile/spending", headers: { cookie: who.cookie }, payload: body });
  const quote = (who: TestUser) => server.app.inject({ method: "POST", url: "/api/calls/quote", headers: { cookie: who.cookie }, payload: { number: UK_MOBILE } });

  async function place(who: TestUser) {
    const callSid = newCallSid();
    const answer = parseGateAnswer((await placeCall(server, { callSid, userId: who.id, to: UK_MOBILE })).body);
    const [call] = await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid));
    return { callSid, answer, call };
  }

  async function talk(callSid: string, seconds: number) {
    for (const status of ["initiated", "ringing", "in-progress"]) await reportStatus(server, callSid, status);
    expect((await reportStatus(server, callSid, "completed", { CallDuration: String(seconds) })).statusCode).toBe(200);
  }

  it("caps the call's time limit at what the limit leaves, and the dialog promises the same", async () => {
    const person = await customerWith("20");
    expect((await setSpending(person, { dailyLimit: "1", lowBalanceAlert: null })).json()).toEqual({ dailyLimit: "1.0000", lowBalanceAlert: null, spentToday: "0.0000" });
    // $1.00 of limit at $0.0580 a minute: 17 whole minutes, while the $20 balance would buy the 4-hour cap.
    expect((await quote(person)).json()).toMatchObject({ timeLimitSeconds: secondsFor(10_000), longestCall: false, dailyLimit: { limit: "1.0000", spentToday: "0.0000", capsCall: true } });
    const first = await place(person);
    expect(first.answer).toMatchObject({ kind: "dial", timeLimitSeconds: secondsFor(10_000) });
    expect(first.call?.timeLimitSeconds).toBe(secondsFor(10_000));

    // 70 s is billed as 2 minutes: $0.1160 spent, $0.8840 of today's limit left.
    await talk(first.callSid, 70);
    const left = 10_000 - 2 * RATE;
    expect((await quote(person)).json()).toMatchObject({ timeLimitSeconds: secondsFor(left), dailyLimit: { spentToday: "0.1160", capsCall: true } });
    const second = await place(person);
    expect(second.answer).toMatchObject({ kind: "dial", timeLimitSeconds: secondsFor(left) });
  });

  it("refuses a call once today's spend has reached the limit, with its own reason", async () => {
    const person = await customerWith("20");
    const first = await place(person);
    await talk(first.callSid, 100); // 2 minutes: $0.1160
    // A limit of $0.15 leaves $0.0340: less than a minute at $0.0580.
    expect((await setSpending(person, { dailyLimit: "0.15", lowBalanceAlert: null })).statusCode).toBe(200);
    expect((await quote(person)).json()).toMatchObject({ timeLimitSeconds: 0, dailyLimit: { limit: "0.1500", spentToday: "0.1160", capsCall: true } });
    const refused = await place(person);
    expect(refused.answer.kind).toBe("reject");
    expect(refused.call).toMatchObject({ status: "failed", refusalReason: "daily_limit_reached" });
  });

  it("says insufficient balance, not the limit, when the balance is what runs out", async () => {
    const person = await customerWith("0.05");
    await setSpending(person, { dailyLimit: "5", lowBalanceAlert: null });
    expect((await quote(person)).json()).toMatchObject({ timeLimitSeconds: 0, dailyLimit: { capsCall: false } });
    expect((await place(person)).call?.refusalReason).toBe("insufficient_balance");
  });

  it("leaves calls alone without a limit, and clears one when asked", async () => {
    const person = await customerWith("1");
    await setSpending(person, { dailyLimit: "0.5", lowBalanceAlert: null });
    expect((await setSpending(person, { dailyLimit: null, lowBalanceAlert: null })).json()).toMatchObject({ dailyLimit: null });
    expect((await quote(person)).json()).toMatchObject({ timeLimitSeconds: secondsFor(10_000), dailyLimit: null });
  });

  it("refuses amounts of zero, over the highest, or not an amount, and changes nothing", async () => {
    const person = await customerWith("1");
    await setSpending(person, { dailyLimit: "2", lowBalanceAlert: "1" });
    for (const dailyLimit of ["0", "10000.0001", "-1", "1.23456", "abc"]) {
      const answer = await setSpending(person, { dailyLimit, lowBalanceAlert: null });
      expect(answer.statusCode, dailyLimit).toBe(400);
      expect(["spending_amount_invalid", "validation_failed"]).toContain(answer.json().error.code);
    }
    const profile = await server.app.inject({ method: "GET", url: "/api/profile", headers: { cookie: person.cookie } });
    expect(profile.json().spending).toMatchObject({ dailyLimit: "2.0000", lowBalanceAlert: "1.0000" });
  });
});
