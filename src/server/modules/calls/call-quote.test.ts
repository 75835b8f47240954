import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callLogs } from "../../db/schema/calls";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { userEvents } from "../../db/schema/events";
import { grant, newCallSid, placeCall, reportStatus } from "../../test/calls";
import { startTestServer, type TestServer } from "../../test/test-server";
import { parseGateAnswer } from "./twiml";

/** A UK mobile the shipped deck sells at 0.0580 a minute. */
const UK_MOBILE = "+447106123456";

/**
 * The confirm dialog's quote against the call the gate then lets through: the minutes
 * promised are the carrier's limit, the four-hour cap included.
 */
describe.each(engines)("the call quote on %s", (engine) => {
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

  const quote = (who: TestUser, number: string) => server.app.inject({ method: "POST", url: "/api/calls/quote", headers: { cookie: who.cookie }, payload: { number } });

  async function gatedLimit(who: TestUser): Promise<number | undefined> {
    const callSid = newCallSid();
    expect(parseGateAnswer((await placeCall(server, { callSid, userId: who.id, to: UK_MOBILE })).body).kind).toBe("dial");
    return (await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0]?.timeLimitSeconds;
  }

  it("promises the longest call (4 hours), not what the balance would buy, when the balance buys more", async () => {
    // $20 at 0.0580 a minute buys 344 minutes; a call may last 240.
    const rich = await customerWith("20");
    const answer = await quote(rich, "+44 7106 123456");
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ e164: UK_MOBILE, countryCode: "GB", rate: "0.0580", balance: "20.0000", timeLimitSeconds: 4 * 60 * 60, longestCall: true, dailyLimit: null });
    expect(await gatedLimit(rich)).toBe(4 * 60 * 60);
  });

  it("promises the whole minutes the balance buys, as the gate then limits the call", async () => {
    // floor(1.00 / 0.0580) = 17 minutes.
    const person = await customerWith("1.00");
    expect((await quote(person, UK_MOBILE)).json()).toMatchObject({ balance: "1.0000", timeLimitSeconds: 17 * 60, longestCall: false });
    expect(await gatedLimit(person)).toBe(17 * 60);
  });

  it("promises nothing when the balance buys less than a minute, and refuses a number nobody may call", async () => {
    const poor = await customerWith("0.05");
    expect((await quote(poor, UK_MOBILE)).json()).toMatchObject({ timeLimitSeconds: 0, longestCall: false });
    const emergency = await quote(poor, "+44999");
    expect(emergency.statusCode).toBe(422);
    expect(emergency.json()).toMatchObject({ error: { code: "emergency_blocked" } });
  });

  it("tells the browser a call that talked its whole limit was cut off by the balance, and one that talked less was not", async () => {
    const cutOffOf = async (who: TestUser, talkSeconds: number) => {
      const callSid = newCallSid();
      await placeCall(server, { callSid, userId: who.id, to: UK_MOBILE });
      for (const status of ["initiated", "ringing", "in-progress"]) await reportStatus(server, callSid, status);
      await reportStatus(server, callSid, "completed", { CallDuration: String(talkSeconds) });
      const events = await server.database.db.select().from(userEvents).where(and(eq(userEvents.userId, who.id), eq(userEvents.type, "call.status")));
      return events.map((event) => event.data as { callSid: string; status: string; cutOff: string | null }).find((data) => data.callSid === callSid && data.status === "completed")?.cutOff;
    };
    // $0.10 buys one minute at 0.0580: the carrier hangs up at 60 s.
    expect(await cutOffOf(await customerWith("0.10"), 60)).toBe("balance");
    expect(await cutOffOf(await customerWith("0.10"), 42)).toBeNull();
    expect(await cutOffOf(await customerWith("20"), 4 * 60 * 60)).toBe("longest_call");
  });

  it("is for signed-in customers only", async () => {
    expect((await server.app.inject({ method: "POST", url: "/api/calls/quote", payload: { number: UK_MOBILE } })).statusCode).toBe(401);
  });
});
