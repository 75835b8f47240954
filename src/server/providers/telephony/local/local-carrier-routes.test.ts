import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { parseMoney } from "../../../../shared/money";
import { callLogs } from "../../../db/schema/calls";
import { userEvents } from "../../../db/schema/events";
import { ledgerEntries } from "../../../db/schema/credits";
import { postLedgerEntry } from "../../../modules/credits/ledger";
import { engines } from "../../../test/engines";
import { voiceFor } from "../../../test/calls";
import { buildUser, type TestUser } from "../../../test/factories";
import { startTestServer, startTestServerOn, type TestServer } from "../../../test/test-server";
import { signatureHeader } from "../../../webhooks/hmac";
import { localCarrierWith } from "./local-carrier-factory";
import { RING_PATH, RING_SIGNATURE_HEADER } from "./ring-webhook";
import { BROWSER_MARK, openBrowserPeer, type BrowserPeer } from "./testing/browser-peer";

/**
 * The local carrier as the browser and the operator use it, on a whole server: the
 * signalling routes, the real gate and status webhook, settlement and the ledger.
 */
const FAST = localCarrierWith({
  timings: { answerAfterMs: 300, busyAfterMs: 200, declineAfterMs: 300, failAfterMs: 100, noAnswerAfterMs: 400, longRingMs: 500 },
  media: { silenceMs: 3000 },
  incomingRingMs: 3000,
});

describe.each(engines)("the local carrier's routes on %s", (engine) => {
  let server: TestServer;
  let second: TestServer;
  let customer: TestUser;
  const browsers: BrowserPeer[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { carrier: FAST });
    // A second instance on the same database: it holds none of the first one's calls.
    second = await startTestServerOn(server.database, async () => undefined, {}, { carrier: FAST });
    customer = await buildUser(server);
    await server.database.db.transaction((tx) =>
      postLedgerEntry(tx, { userId: customer.id, kind: "admin_adjustment", reference: `test_${randomUUID()}`, amount: parseMoney("5"), note: "test credit" }, server.bus),
    );
  });
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  const voiceOf = (who: TestUser, on: TestServer = server) => voiceFor(on, who.cookie);
  const tokenOf = async (who: TestUser, on: TestServer = server): Promise<string> => (await voiceOf(who, on)).token;

  async function dial(to: string, who: TestUser = customer) {
    const browser = await openBrowserPeer();
    browsers.push(browser);
    const response = await server.app.inject({
      method: "POST",
      url: "/api/local-carrier/calls",
      headers: { cookie: who.cookie },
      payload: { ...(await voiceOf(who)), to, sdp: browser.offer },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { callSid, sdp } = response.json<{ callSid: string; sdp: string }>();
    await browser.accept(sdp);
    return { browser, callSid };
  }

  const callLog = async (callSid: string) => (await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0];
  /** The data of the customer's events of one type about one call, oldest first. */
  const eventsOf = async (callSid: string, type: string) =>
    (await server.database.db.select().from(userEvents).where(and(eq(userEvents.userId, customer.id), eq(userEvents.type, type))).orderBy(asc(userEvents.id)))
      .map((event) => event.data as { callSid?: string })
      .filter((data) => data.callSid === callSid);
  const hangUp = async (callSid: string, on: TestServer = server) =>
    on.app.inject({ method: "POST", url: `/api/local-carrier/calls/${callSid}/hangup`, headers: { cookie: customer.cookie }, payload: { token: await tokenOf(customer, on) } });

  async function ring(from: string): Promise<string> {
    const body = JSON.stringify({ id: randomUUID(), email: customer.email, from });
    const rung = await server.app.inject({
      method: "POST",
      url: RING_PATH,
      headers: { "content-type": "application/json", [RING_SIGNATURE_HEADER]: signatureHeader(server.carrier.webhookAuthToken, body) },
      payload: body,
    });
    expect(rung.statusCode, rung.body).toBe(200);
    return rung.json<{ callSid: string }>().callSid;
  }

  it("refuses a token that is not the signed-in customer's", async () => {
    const other = await buildUser(server);
    const browser = await openBrowserPeer();
    browsers.push(browser);
    const response = await server.app.inject({
      method: "POST",
      url: "/api/local-carrier/calls",
      headers: { cookie: customer.cookie },
      payload: { token: await tokenOf(other), to: "+442079460123", sdp: browser.offer },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: "token_invalid" } });
    const forged = await server.app.inject({
      method: "POST",
      url: "/api/local-carrier/calls",
      headers: { cookie: customer.cookie },
      payload: { token: "eyJhbGciOiJub25lIn0.e30.", to: "+442079460123", sdp: browser.offer },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("places a call through the gate, echoes, and bills the talk time when the customer hangs up on another instance", async () => {
    const { browser, callSid } = await dial("+442079460123");
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("answered"), { timeout: 5000 });
    await vi.waitFor(() => expect(browser.received.filter((packet) => packet.payload[0] === BROWSER_MARK).length).toBeGreaterThan(10), { timeout: 5000 });
    // The hang-up reaches the instance that does not hold the call: the bus carries it over.
    const response = await hangUp(callSid, second);
    expect(response.json()).toEqual({ ended: true });
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("completed"), { timeout: 5000 });
    const log = await callLog(callSid);
    expect(log?.billedMinutes).toBe(1);
    expect(parseMoney(log!.costUsd)).toBe(parseMoney(log!.ratePerMin));
    const ledger = await server.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, "call"), eq(ledgerEntries.reference, callSid)));
    expect(ledger).toHaveLength(1);
    expect((await hangUp(callSid)).json()).toEqual({ ended: false });
  });

  it("charges nothing for a busy number, and tells the device 486", async () => {
    const { callSid } = await dial("+442079460486");
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("busy"), { timeout: 5000 });
    expect((await callLog(callSid))?.costUsd).toBe("0.0000");
    // The carrier settles through the status callback first and tells the device after: wait for the device's event.
    await vi.waitFor(async () => expect((await eventsOf(callSid, "local_carrier.call")).at(-1)).toMatchObject({ state: "ended", errorCode: 31486 }), { timeout: 5000 });
  });

  it("stores a call the callee declined (SIP 603) as declined, not busy, charges nothing, and tells the device 603", async () => {
    const { callSid } = await dial("+442079460603");
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("declined"), { timeout: 5000 });
    expect((await callLog(callSid))?.costUsd).toBe("0.0000");
    await vi.waitFor(async () => expect((await eventsOf(callSid, "local_carrier.call")).at(-1)).toMatchObject({ state: "ended", errorCode: 31603 }), { timeout: 5000 });
    await vi.waitFor(async () => expect((await eventsOf(callSid, "call.status")).at(-1)).toMatchObject({ status: "declined" }), { timeout: 5000 });
  });

  it("refuses an emergency number at the gate and declines the call", async () => {
    const { callSid } = await dial("+44999");
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("failed"), { timeout: 5000 });
    expect((await callLog(callSid))?.refusalReason).not.toBeNull();
    await vi.waitFor(async () => {
      const rows = await server.database.db.select().from(userEvents).where(eq(userEvents.userId, customer.id));
      expect(rows.some((event) => event.type === "local_carrier.call" && (event.data as { callSid: string; errorCode: number }).callSid === callSid && (event.data as { errorCode: number }).errorCode === 31603)).toBe(true);
    });
  });

  it("sends DTMF on a connected call and refuses another customer's call", async () => {
    const { callSid } = await dial("+442079460123");
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("answered"), { timeout: 5000 });
    const digits = await server.app.inject({ method: "POST", url: `/api/local-carrier/calls/${callSid}/digits`, headers: { cookie: customer.cookie }, payload: { token: await tokenOf(customer), digits: "1#" } });
    expect(digits.json()).toEqual({ sent: true });
    const other = await buildUser(server);
    const theirs = await server.app.inject({ method: "POST", url: `/api/local-carrier/calls/${callSid}/hangup`, headers: { cookie: other.cookie }, payload: { token: await tokenOf(other) } });
    expect(theirs.statusCode).toBe(404);
    expect((await callLog(callSid))?.status).toBe("answered");
    await hangUp(callSid);
  });

  it("rings the customer from a signed request, answers on the other instance, and records a free inbound call", async () => {
    const body = JSON.stringify({ id: randomUUID(), email: customer.email, from: "+14155550100" });
    const unsigned = await server.app.inject({ method: "POST", url: RING_PATH, headers: { "content-type": "application/json" }, payload: body });
    expect(unsigned.statusCode).toBe(401);
    const callSid = await ring("+14155550100");
    await vi.waitFor(async () => expect((await callLog(callSid))?.direction).toBe("inbound"), { timeout: 5000 });

    const browser = await openBrowserPeer();
    browsers.push(browser);
    const answered = await second.app.inject({
      method: "POST",
      url: `/api/local-carrier/calls/${callSid}/answer`,
      headers: { cookie: customer.cookie },
      payload: { token: await tokenOf(customer, second), sdp: browser.offer },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await browser.accept(answered.json<{ sdp: string }>().sdp);
    await vi.waitFor(() => expect(browser.received.filter((packet) => packet.payload[0] === BROWSER_MARK).length).toBeGreaterThan(5), { timeout: 5000 });
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("answered"), { timeout: 5000 });
    expect((await hangUp(callSid)).json()).toEqual({ ended: true });
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("completed"), { timeout: 5000 });
    const log = await callLog(callSid);
    expect(log).toMatchObject({ direction: "inbound", costUsd: "0.0000", fromNumber: "+14155550100", toNumber: `client:${customer.id}` });
    expect(await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, callSid))).toEqual([]);
  });

  it("ends an incoming call nobody answers as missed in the history, never left ringing", async () => {
    const callSid = await ring("+14155550100");
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("ringing"), { timeout: 5000 });
    // Nobody answers: the caller gives up after the ring time (3 s here).
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("no-answer"), { timeout: 10_000 });
    // The caller's country, read from their number (+1 415 is San Francisco).
    expect(await callLog(callSid)).toMatchObject({ direction: "inbound", costUsd: "0.0000", durationSeconds: 0, countryCode: "US" });
    expect((await callLog(callSid))?.endedAt).not.toBeNull();
  });

  it("refuses to ring an address that is no customer's", async () => {
    const body = JSON.stringify({ id: randomUUID(), email: "nobody@example.com", from: "+14155550100" });
    const response = await server.app.inject({
      method: "POST",
      url: RING_PATH,
      headers: { "content-type": "application/json", [RING_SIGNATURE_HEADER]: signatureHeader(server.carrier.webhookAuthToken, body) },
      payload: body,
    });
    expect(response.json()).toMatchObject({ outcome: "rejected" });
  });
});
