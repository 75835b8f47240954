import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseMoney } from "../../../shared/money";
import { callLogs } from "../../db/schema/calls";
import { ledgerEntries } from "../../db/schema/credits";
import { localCarrierWith } from "../../providers/telephony/local/local-carrier-factory";
import { openBrowserPeer, type BrowserPeer } from "../../providers/telephony/local/testing/browser-peer";
import { dialOnLocalCarrier } from "../../test/calls";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { postLedgerEntry } from "../credits/ledger";

const FAST = localCarrierWith({ timings: { answerAfterMs: 200, busyAfterMs: 200, declineAfterMs: 200, failAfterMs: 100, noAnswerAfterMs: 300, longRingMs: 400 }, media: { silenceMs: 3000 } });

/**
 * The quality rule with real media: the local carrier measures the caller's audio as it
 * arrives (RFC 3550 loss and jitter), and a call whose loss broke the policy's threshold is
 * credited in full once it settles. The browser's own report plays no part.
 */
describe.each(engines)("crediting calls the carrier measured as poor on %s", (engine) => {
  let server: TestServer;
  let customer: TestUser;
  let admin: TestUser;
  const browsers: BrowserPeer[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { carrier: FAST });
    customer = await buildUser(server);
    admin = await buildUser(server, { role: "admin" });
    await server.database.db.transaction((tx) =>
      postLedgerEntry(tx, { userId: customer.id, kind: "admin_adjustment", reference: `test_${randomUUID()}`, amount: parseMoney("5"), note: "test credit" }, server.bus),
    );
    const saved = await server.app.inject({
      method: "PUT",
      url: "/api/admin/call-credit-policy",
      headers: { cookie: admin.cookie },
      payload: { enabled: true, shortCallSeconds: null, maxPacketLossPercent: 5, maxJitterMs: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });
  afterAll(() => server.close());

  const callLog = async (callSid: string) => (await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0];

  /** A call to the UK answered and talked over for about 1.5 s with every n-th packet lost on the way, then hung up. */
  async function talk(dropEvery?: number) {
    const browser = await openBrowserPeer(dropEvery ? { dropEvery } : {});
    browsers.push(browser);
    const { callSid, token } = await dialOnLocalCarrier(server, customer.cookie, "+442079460123", browser);
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("answered"), { timeout: 5000 });
    // Enough packets after the answer for the loss to show: 75 frames of 20 ms.
    const sentAtAnswer = browser.sent;
    await vi.waitFor(() => expect(browser.sent - sentAtAnswer).toBeGreaterThan(75), { timeout: 10_000 });
    await server.app.inject({ method: "POST", url: `/api/local-carrier/calls/${callSid}/hangup`, headers: { cookie: customer.cookie }, payload: { token } });
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("completed"), { timeout: 5000 });
    return callSid;
  }

  it("credits a call that lost a quarter of its packets in full, with the carrier's figures kept on the call", async () => {
    const callSid = await talk(4);
    await vi.waitFor(async () => expect((await callLog(callSid))?.creditReason).toBe("poor_quality"), { timeout: 10_000 });
    const call = (await callLog(callSid))!;
    expect(call.creditUsd).toBe(call.costUsd);
    expect(parseMoney(call.costUsd)).toBeGreaterThan(0);
    // One packet in four never arrived: about 25 % (the first and last moments round it a little).
    expect(call.carrierQuality?.packetLossPercent).toBeGreaterThan(20);
    expect(call.carrierQuality?.packetLossPercent).toBeLessThan(30);
    const rows = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, callSid));
    expect(rows.map((row) => [row.kind, row.amount]).sort()).toEqual([
      ["call", `-${call.costUsd}`],
      ["call_credit", call.costUsd],
    ]);
  });

  it("bills a clean call as it is, keeping what the carrier measured", async () => {
    const callSid = await talk();
    await vi.waitFor(async () => expect((await callLog(callSid))?.carrierQuality).not.toBeNull(), { timeout: 10_000 });
    const call = (await callLog(callSid))!;
    expect(call.carrierQuality?.packetLossPercent).toBe(0);
    expect(call.creditUsd).toBeNull();
  });

  it("never lets the browser's own report decide: a clean call reported as terrible is not credited", async () => {
    const callSid = await talk();
    const reported = await server.app.inject({
      method: "PUT",
      url: `/api/calls/${callSid}/quality`,
      headers: { cookie: customer.cookie },
      payload: { rttMs: 900, jitterMs: 400, packetLoss: 0.6, mos: 1, packetsSent: 100, packetsReceived: 40 },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    await vi.waitFor(async () => expect((await callLog(callSid))?.carrierQuality).not.toBeNull(), { timeout: 10_000 });
    expect((await callLog(callSid))?.creditUsd).toBeNull();
  });
});
