import { eq, sql } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMoney } from "../../../shared/money";
import { callLogs, callStatusUpdates } from "../../db/schema/calls";
import { ledgerEntries } from "../../db/schema/credits";
import { TwilioCarrier, type TwilioCallsApi } from "../../providers/telephony/twilio/twilio-carrier";
import { callGrantFor, grant, newCallSid } from "../../test/calls";
import { engines } from "../../test/engines";
import { eventually } from "../../test/eventually";
import { buildUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { TWILIO_ENV } from "../../test/twilio-env";
import { STATUS_WEBHOOK_PATH, VOICE_WEBHOOK_PATH } from "./twiml";

type TwilioCallResource = { sid: string; status: string; duration: string | null };

const PUBLIC_URL = "https://calls.dialwise.example";
const UK_MOBILE = "+447106123456";

/**
 * Twilio keeps a call whatever happens to us: when its final status callback found the
 * server down, the call stays live here until someone asks Twilio. The watch asks its
 * REST API about calls that have heard nothing for a minute, and settles from Twilio's
 * record; calls with recent events are left alone, and a call Twilio still has live stays live.
 */
describe.each(engines)("the watch over Twilio calls on %s", (engine) => {
  let server: TestServer;
  const parents = new Map<string, TwilioCallResource>();
  const children = new Map<string, TwilioCallResource[]>();
  const asked: string[] = [];
  const rest: TwilioCallsApi = {
    fetch: async (sid) => {
      asked.push(sid);
      return parents.get(sid) ?? null;
    },
    children: async (sid) => children.get(sid) ?? [],
  };

  beforeAll(async () => {
    server = await startTestServer(engine, { ...TWILIO_ENV, PUBLIC_URL }, { callWatch: true, carrier: (context) => new TwilioCarrier(context.config.twilio!, { calls: rest }) });
  });
  afterAll(() => server.close());

  /** A request exactly as Twilio sends it: a form, signed by Twilio's own function with the account's auth token. */
  function fromTwilio(path: string, params: Record<string, string>) {
    return server.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": twilio.getExpectedTwilioSignature(TWILIO_ENV.TWILIO_AUTH_TOKEN, `${PUBLIC_URL}${path}`, params) },
      payload: new URLSearchParams(params).toString(),
    });
  }

  /** A customer's call through Twilio up to the answer: the voice request, then the dialled leg's callbacks. */
  async function answeredCall(): Promise<{ callSid: string; leg: string }> {
    const person = await buildUser(server);
    await grant(server, person.id, "3.00");
    const callSid = newCallSid();
    const voice = await fromTwilio(VOICE_WEBHOOK_PATH, { AccountSid: TWILIO_ENV.TWILIO_ACCOUNT_SID, CallSid: callSid, CallStatus: "ringing", Direction: "inbound", From: `client:${person.id}`, To: UK_MOBILE, Grant: await callGrantFor(server, person.id) });
    expect(voice.statusCode).toBe(200);
    const leg = newCallSid();
    for (const [index, status] of ["initiated", "ringing", "in-progress"].entries()) {
      const common = { AccountSid: TWILIO_ENV.TWILIO_ACCOUNT_SID, CallSid: leg, ParentCallSid: callSid, To: UK_MOBILE, Direction: "outbound-dial" };
      expect((await fromTwilio(STATUS_WEBHOOK_PATH, { ...common, CallStatus: status, SequenceNumber: String(index) })).statusCode).toBe(200);
    }
    return { callSid, leg };
  }

  /** Its events and its start moved `seconds` into the past: nothing heard from Twilio since then. */
  async function silentFor(callSid: string, seconds: number): Promise<void> {
    const db = server.database.db;
    await db.update(callStatusUpdates).set({ receivedAt: sql`now() - make_interval(secs => ${seconds})` }).where(eq(callStatusUpdates.callSid, callSid));
    await db.update(callLogs).set({ startedAt: sql`now() - make_interval(secs => ${seconds + 5})` }).where(eq(callLogs.callSid, callSid));
  }

  const callOf = async (callSid: string) => (await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0]!;

  it("settles a call whose final callback never came from Twilio's record, leaves a live one live, and asks nothing about calls it hears from", async () => {
    const lost = await answeredCall();
    const talking = await answeredCall();
    const recent = await answeredCall();
    // Twilio's record: the lost call's dialled leg completed after 95 s; the talking one is still in progress.
    parents.set(lost.callSid, { sid: lost.callSid, status: "completed", duration: "96" });
    children.set(lost.callSid, [{ sid: lost.leg, status: "completed", duration: "95" }]);
    parents.set(talking.callSid, { sid: talking.callSid, status: "in-progress", duration: null });
    children.set(talking.callSid, [{ sid: talking.leg, status: "in-progress", duration: null }]);
    parents.set(recent.callSid, { sid: recent.callSid, status: "in-progress", duration: null });
    await silentFor(lost.callSid, 100);
    await silentFor(talking.callSid, 100);

    const settled = await eventually(() => callOf(lost.callSid), (call) => call.status !== "answered", 40_000, 200);
    // The billing rules on Twilio's figure: whole minutes rounded up × the rate frozen at the gate.
    const expectedCost = Math.ceil(95 / 60) * parseMoney(settled.ratePerMin);
    expect(settled).toMatchObject({ status: "completed", durationSeconds: 95, billedMinutes: 2 });
    expect(parseMoney(settled.costUsd)).toBe(expectedCost);
    const charges = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, lost.callSid));
    expect(charges.map((row) => parseMoney(row.amount))).toEqual([-expectedCost]);

    await eventually(async () => asked.includes(talking.callSid), (done) => done, 40_000, 200);
    expect(await callOf(talking.callSid)).toMatchObject({ status: "answered", endedAt: null });
    expect(asked).not.toContain(recent.callSid);
    expect(await callOf(recent.callSid)).toMatchObject({ status: "answered" });
    // Asked at most once a minute, however often the watch runs.
    expect(asked.filter((sid) => sid === talking.callSid).length).toBeLessThanOrEqual(2);
  }, 120_000);
});
