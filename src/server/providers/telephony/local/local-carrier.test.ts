import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { userEvents } from "../../../db/schema/events";
import { localCarrierCalls } from "../../../db/schema/local-carrier";
import { engines } from "../../../test/engines";
import { buildUser, type TestUser } from "../../../test/factories";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { callStore } from "./call-store";
import { AdjustableCarrierClock } from "./carrier-clock";
import { LocalCarrierCalls } from "./local-carrier";
import { BROWSER_MARK, openBrowserPeer, type BrowserPeer } from "./testing/browser-peer";
import { STAND_IN_GATE_PATH, STAND_IN_PUBLIC_URL, STAND_IN_SECRET, standInWebhooks } from "./testing/stand-in-webhooks";

/**
 * The local carrier end to end inside one server: a werift peer plays the browser,
 * stand-in webhooks play our gate and status handler (checking Twilio's signature),
 * and the far end's timings are shortened so each test number's outcome takes
 * moments instead of seconds.
 */
describe.each(engines)("the local carrier on %s", (engine) => {
  const standIn = standInWebhooks();
  let server: TestServer;
  let carrier: LocalCarrierCalls;
  let customer: TestUser;
  /** The carrier's clock: a test moves it instead of waiting for talk time to pass. */
  const clock = new AdjustableCarrierClock();
  const browsers: BrowserPeer[] = [];

  /** One instance's carrier on the test server's database and bus, asking the stand-in webhooks. */
  const instanceOptions = () => ({
    app: server.app,
    db: server.database.db,
    bus: server.bus,
    log: server.app.log,
    publicUrl: STAND_IN_PUBLIC_URL,
    secret: STAND_IN_SECRET,
    gatePath: STAND_IN_GATE_PATH,
  });

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { webhooks: standIn.webhooks });
    customer = await buildUser(server);
    carrier = new LocalCarrierCalls({
      ...instanceOptions(),
      timings: { answerAfterMs: 300, busyAfterMs: 200, declineAfterMs: 300, failAfterMs: 100, noAnswerAfterMs: 400, longRingMs: 500 },
      media: { silenceMs: 1500 },
      incomingRingMs: 1500,
      clock,
    });
  });
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });
  afterAll(async () => {
    await carrier.close();
    await server.close();
  });

  async function dial(to: string) {
    const browser = await openBrowserPeer();
    browsers.push(browser);
    const placed = await carrier.dial(customer.id, to, browser.offer, { grant: "the-device-grant" });
    await browser.accept(placed.sdp);
    placed.start();
    return { browser, callSid: placed.callSid };
  }

  const statusesOf = (parent: string) => standIn.statusForms.filter((form) => form.ParentCallSid === parent);
  async function deviceEvents(callSid: string) {
    const rows = await server.database.db.select().from(userEvents).where(eq(userEvents.userId, customer.id));
    return rows.filter((row) => row.type === "local_carrier.call" && (row.data as { callSid: string }).callSid === callSid).map((row) => row.data as { state: string; errorCode: number | null });
  }

  it("asks the gate with a Twilio-shaped, signed form carrying the device's call grant", async () => {
    const { callSid } = await dial("+14155550123");
    expect(callSid).toMatch(/^CA[0-9a-f]{32}$/);
    const gateForm = standIn.gateForms.find((form) => form.CallSid === callSid);
    expect(gateForm).toMatchObject({ From: `client:${customer.id}`, To: "+14155550123", Direction: "inbound", Grant: "the-device-grant" });
    expect(gateForm?.AccountSid).toMatch(/^AC[0-9a-f]{32}$/);
    await carrier.hangUp(customer.id, callSid);
  });

  it("rings with a tone, answers, echoes the caller, and completes with the talk seconds on hang-up", async () => {
    const { browser, callSid } = await dial("+442079460123");
    await vi.waitFor(async () => expect((await deviceEvents(callSid)).map((event) => event.state)).toContain("answered"), { timeout: 5000 });
    // The ringback came first, then the caller's own packets.
    expect(browser.received.length).toBeGreaterThan(0);
    expect(browser.received[0]!.payload[0]).not.toBe(BROWSER_MARK);
    await vi.waitFor(() => expect(browser.received.filter((packet) => packet.payload[0] === BROWSER_MARK).length).toBeGreaterThan(10), { timeout: 5000 });
    // Two seconds of talk on the carrier's clock, without waiting for them.
    clock.advance(2);
    await carrier.clockMoved();
    expect(await carrier.hangUp(customer.id, callSid)).toBe(true);
    await vi.waitFor(() => expect(statusesOf(callSid).map((form) => form.CallStatus)).toEqual(["initiated", "ringing", "in-progress", "completed"]), { timeout: 5000 });
    const forms = statusesOf(callSid);
    const completed = forms[3]!;
    expect(Number(completed.CallDuration)).toBeGreaterThanOrEqual(3);
    expect(Number(completed.CallDuration)).toBeLessThanOrEqual(5);
    // The dialled leg has a sid of its own; the parent is the device's.
    expect(new Set(forms.map((form) => form.CallSid)).size).toBe(1);
    expect(forms[0]!.CallSid).not.toBe(callSid);
    expect(forms.map((form) => form.SequenceNumber)).toEqual(["0", "1", "2", "3"]);
    expect((await deviceEvents(callSid)).map((event) => event.state)).toEqual(["ringing", "answered", "ended"]);
    expect(await carrier.fetchCall(callSid)).toEqual({ status: "completed", durationSeconds: Number(completed.CallDuration) });
    // Ending an ended call is not an error.
    expect(await carrier.hangUp(customer.id, callSid)).toBe(false);
  });

  it.each([
    ["+442079460486", ["initiated", "busy"], 31486],
    ["+442079460408", ["initiated", "ringing", "no-answer"], 31408],
    ["+442079460603", ["initiated", "ringing", "busy"], 31603],
    ["+442079460503", ["initiated", "failed"], 31503],
    ["+442079460999", ["initiated", "ringing", "no-answer"], 31408],
  ])("ends a call to %s with %j and tells the device %i", async (to, statuses, errorCode) => {
    const { callSid } = await dial(to);
    await vi.waitFor(() => expect(statusesOf(callSid).map((form) => form.CallStatus)).toEqual(statuses), { timeout: 5000 });
    await vi.waitFor(async () => expect((await deviceEvents(callSid)).at(-1)).toMatchObject({ state: "ended", errorCode }), { timeout: 5000 });
    expect(statusesOf(callSid).at(-1)?.CallDuration).toBe("0");
    expect(await carrier.fetchCall(callSid)).toEqual({ status: statuses.at(-1), durationSeconds: 0 });
  });

  it("cancels a call hung up while it rings", async () => {
    const { callSid } = await dial("+442079460999");
    await vi.waitFor(() => expect(statusesOf(callSid).map((form) => form.CallStatus)).toEqual(["initiated", "ringing"]), { timeout: 5000 });
    expect(await carrier.hangUp(customer.id, callSid)).toBe(true);
    await vi.waitFor(() => expect(statusesOf(callSid).map((form) => form.CallStatus)).toEqual(["initiated", "ringing", "canceled"]), { timeout: 5000 });
    expect((await deviceEvents(callSid)).at(-1)).toMatchObject({ state: "ended", errorCode: null });
  });

  it("hangs up at the gate's time limit and reports exactly the limit", async () => {
    standIn.gate = { verb: "dial", timeLimitSeconds: 2 };
    try {
      const { callSid } = await dial("+442079460123");
      await vi.waitFor(() => expect(statusesOf(callSid).map((form) => form.CallStatus)).toEqual(["initiated", "ringing", "in-progress", "completed"]), { timeout: 6000 });
      expect(statusesOf(callSid).at(-1)?.CallDuration).toBe("2");
    } finally {
      standIn.gate = { verb: "dial", timeLimitSeconds: 600 };
    }
  });

  it("ends a call whose browser fell silent", async () => {
    const { browser, callSid } = await dial("+442079460123");
    await vi.waitFor(async () => expect((await deviceEvents(callSid)).map((event) => event.state)).toContain("answered"), { timeout: 5000 });
    browser.fallSilent();
    await vi.waitFor(() => expect(statusesOf(callSid).at(-1)?.CallStatus).toBe("completed"), { timeout: 6000 });
  });

  it("declines what the gate rejects, posting no status", async () => {
    standIn.gate = { verb: "reject" };
    try {
      const { callSid } = await dial("+442079460123");
      await vi.waitFor(async () => expect(await deviceEvents(callSid)).toEqual([expect.objectContaining({ state: "ended", errorCode: 31603 })]), { timeout: 5000 });
      expect(statusesOf(callSid)).toEqual([]);
      expect(await carrier.hangUp(customer.id, callSid)).toBe(false);
    } finally {
      standIn.gate = { verb: "dial", timeLimitSeconds: 600 };
    }
  });

  it("keeps each customer's calls to that customer", async () => {
    const other = await buildUser(server);
    const { callSid } = await dial("+442079460999");
    await expect(carrier.hangUp(other.id, callSid)).rejects.toMatchObject({ status: 404 });
    await expect(carrier.sendDigits(other.id, callSid, "1")).rejects.toMatchObject({ status: 404 });
    await carrier.hangUp(customer.id, callSid);
  });

  it("rings the customer, answers with echo, and ends when they hang up", async () => {
    const { callSid } = await carrier.ring(customer.id, "+14155550100");
    expect((await deviceEvents(callSid))[0]).toMatchObject({ state: "incoming", from: "+14155550100" });
    const browser = await openBrowserPeer();
    browsers.push(browser);
    const answered = await carrier.answer(customer.id, callSid, browser.offer);
    await browser.accept(answered.sdp);
    await vi.waitFor(() => expect(browser.received.filter((packet) => packet.payload[0] === BROWSER_MARK).length).toBeGreaterThan(5), { timeout: 5000 });
    expect(await carrier.sendDigits(customer.id, callSid, "12")).toBe(true);
    expect(await carrier.hangUp(customer.id, callSid)).toBe(true);
    expect((await deviceEvents(callSid)).map((event) => event.state)).toEqual(["incoming", "answered", "ended"]);
    expect((await carrier.fetchCall(callSid))?.status).toBe("completed");
  });

  it("ends an incoming call nobody answers, and one the customer declines", async () => {
    const unanswered = await carrier.ring(customer.id, "+14155550100");
    await vi.waitFor(async () => expect((await deviceEvents(unanswered.callSid)).map((event) => event.state)).toEqual(["incoming", "ended"]), { timeout: 5000 });
    expect((await carrier.fetchCall(unanswered.callSid))?.status).toBe("no-answer");
    const declined = await carrier.ring(customer.id, "+14155550100");
    expect(await carrier.hangUp(customer.id, declined.callSid)).toBe(true);
    expect((await carrier.fetchCall(declined.callSid))?.status).toBe("busy");
    const browser = await openBrowserPeer();
    browsers.push(browser);
    await expect(carrier.answer(customer.id, declined.callSid, browser.offer)).rejects.toMatchObject({ status: 409 });
  });

  it("gives up an unanswered incoming call as soon as its clock passes the time it rings", async () => {
    const ringing = await carrier.ring(customer.id, "+14155550100");
    expect((await carrier.fetchCall(ringing.callSid))?.status).toBe("ringing");
    // Two seconds on the clock pass the 1.5 s it rings: the call has ended as missed when the move returns.
    clock.advance(2);
    await carrier.clockMoved();
    expect((await carrier.fetchCall(ringing.callSid))?.status).toBe("no-answer");
    expect((await deviceEvents(ringing.callSid)).map((event) => event.state)).toEqual(["incoming", "ended"]);
  });

  it("takes a live call whose instance stopped saying it is alive for dropped at its last heartbeat", async () => {
    const now = Date.now();
    const talking = `CA${"1".repeat(32)}`;
    const ringing = `CA${"2".repeat(32)}`;
    await server.database.db.insert(localCarrierCalls).values([
      { callSid: talking, userId: customer.id, direction: "outbound", remoteNumber: "+442079460123", phase: "answered", answeredAt: new Date(now - 100_000), heartbeatAt: new Date(now - 60_000) },
      { callSid: ringing, userId: customer.id, direction: "outbound", remoteNumber: "+442079460999", phase: "ringing", heartbeatAt: new Date(now - 60_000) },
    ]);
    expect(await carrier.fetchCall(talking)).toEqual({ status: "completed", durationSeconds: 40 });
    expect(await carrier.fetchCall(ringing)).toEqual({ status: "failed", durationSeconds: 0 });
    // A fresh heartbeat: still live, whoever holds it.
    const live = `CA${"3".repeat(32)}`;
    await server.database.db.insert(localCarrierCalls).values({ callSid: live, userId: customer.id, direction: "outbound", remoteNumber: "+442079460123", phase: "answered", answeredAt: new Date(now - 30_000) });
    expect(await carrier.fetchCall(live)).toMatchObject({ status: "in-progress" });
    expect((await carrier.fetchCall(live))?.durationSeconds).toBeGreaterThanOrEqual(30);
  });

  it("leaves a call another live instance holds to that instance, and ends where it is asked one whose instance died", async () => {
    const settled: string[] = [];
    // A second instance on the same database and bus: it holds no media.
    const other = new LocalCarrierCalls({
      ...instanceOptions(),
      settleDropped: async (callSid) => void settled.push(callSid),
    });
    try {
      const { callSid } = await dial("+442079460123");
      await vi.waitFor(async () => expect((await deviceEvents(callSid)).map((event) => event.state)).toContain("answered"), { timeout: 5000 });
      expect(await other.lostCalls()).not.toContain(callSid);
      clock.advance(2);
      await carrier.clockMoved();
      // The holder is alive: it ends the call itself and reports the talk it carried (by its own clock, two seconds ahead).
      expect(await other.hangUp(customer.id, callSid)).toBe(true);
      await vi.waitFor(() => expect(statusesOf(callSid).at(-1)?.CallStatus).toBe("completed"), { timeout: 5000 });
      expect(Number(statusesOf(callSid).at(-1)?.CallDuration)).toBeGreaterThanOrEqual(3);
      expect(settled).toEqual([]);

      // Held by an instance that died 10 s ago (its heartbeat not yet stale): the hang-up gets no answer, so it ends here.
      const now = Date.now();
      const orphan = `CA${"6".repeat(32)}`;
      const stale = `CA${"7".repeat(32)}`;
      await server.database.db.insert(localCarrierCalls).values([
        { callSid: orphan, userId: customer.id, direction: "outbound", remoteNumber: "+442079460123", phase: "answered", answeredAt: new Date(now - 70_000), heartbeatAt: new Date(now - 10_000) },
        { callSid: stale, userId: customer.id, direction: "outbound", remoteNumber: "+442079460123", phase: "answered", answeredAt: new Date(now - 90_000), heartbeatAt: new Date(now - 30_000) },
      ]);
      expect(await other.lostCalls()).toContain(stale);
      expect(await other.lostCalls()).not.toContain(orphan);
      expect(await other.hangUp(customer.id, orphan)).toBe(true);
      expect(await other.fetchCall(orphan)).toEqual({ status: "completed", durationSeconds: 60 });
      expect(await other.hangUp(customer.id, stale)).toBe(true);
      expect(await other.fetchCall(stale)).toEqual({ status: "completed", durationSeconds: 60 });
      expect(settled).toEqual([orphan, stale]);
      expect(await other.lostCalls()).not.toContain(stale);
    } finally {
      await other.close();
    }
  });

  it("forgets calls that ended long ago, and only those", async () => {
    const old = `CA${"4".repeat(32)}`;
    const recent = `CA${"5".repeat(32)}`;
    const now = Date.now();
    await server.database.db.insert(localCarrierCalls).values([
      { callSid: old, userId: customer.id, direction: "outbound", remoteNumber: "+442079460123", phase: "ended", finalStatus: "completed", endedAt: new Date(now - 8 * 86_400_000) },
      { callSid: recent, userId: customer.id, direction: "outbound", remoteNumber: "+442079460123", phase: "ended", finalStatus: "completed", endedAt: new Date(now - 3_600_000) },
    ]);
    await callStore(server.database.db).prune(new Date(now - 7 * 86_400_000));
    expect(await carrier.fetchCall(old)).toBeNull();
    expect(await carrier.fetchCall(recent)).toEqual({ status: "completed", durationSeconds: 0 });
  });

  it("knows nothing of a call it never carried", async () => {
    expect(await carrier.fetchCall(`CA${"0".repeat(32)}`)).toBeNull();
  });
});
