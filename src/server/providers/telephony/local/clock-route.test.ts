import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { callLogs } from "../../../db/schema/calls";
import { dialOnLocalCarrier, grant } from "../../../test/calls";
import { engines } from "../../../test/engines";
import { buildUser, type TestUser } from "../../../test/factories";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { localCarrierWith } from "./local-carrier-factory";
import { openBrowserPeer, type BrowserPeer } from "./testing/browser-peer";

/**
 * The route that moves the local carrier's clock (LOCAL_CARRIER_CLOCK=adjustable), on a whole
 * server: the gate's limit, the carrier's cut-off, the status webhook and the bill all follow it.
 */
const FAST = localCarrierWith({ timings: { answerAfterMs: 300 }, media: { silenceMs: 30_000 } });
const CLOCK = "/api/local-carrier/clock";

describe.each(engines)("moving the local carrier's clock on %s", (engine) => {
  let server: TestServer;
  let customer: TestUser;
  const browsers: BrowserPeer[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine, { LOCAL_CARRIER_CLOCK: "adjustable" }, { carrier: FAST });
    customer = await buildUser(server);
  });
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });
  afterAll(async () => server.close());

  const callLog = async (callSid: string) => (await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0];
  const advance = (advanceSeconds: number, headers: Record<string, string> = { cookie: customer.cookie }) => server.app.inject({ method: "POST", url: CLOCK, headers, payload: { advanceSeconds } });

  /** A US call of a customer with $0.05 of their own (the gate's limit: what that pays for, at least a minute), answered. */
  async function answeredCall() {
    customer = await buildUser(server);
    await grant(server, customer.id, "0.05");
    const browser = await openBrowserPeer();
    browsers.push(browser);
    const { callSid, token } = await dialOnLocalCarrier(server, customer.cookie, "+12025550123", browser);
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("answered"), { timeout: 10_000 });
    const limit = (await callLog(callSid))!.timeLimitSeconds;
    expect(limit).toBeGreaterThanOrEqual(60);
    return { callSid, token, limit };
  }

  it("lets a call moved short of its limit talk on, and bills the talk the carrier's clock measured", async () => {
    const { callSid, token, limit } = await answeredCall();
    const moved = await advance(limit - 5);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(Date.parse(moved.json<{ now: string }>().now)).toBeGreaterThanOrEqual(Date.now() + (limit - 5) * 1000 - 1000);
    expect((await callLog(callSid))?.status).toBe("answered");
    const hungUp = await server.app.inject({ method: "POST", url: `/api/local-carrier/calls/${callSid}/hangup`, headers: { cookie: customer.cookie }, payload: { token } });
    expect(hungUp.json()).toEqual({ ended: true });
    await vi.waitFor(async () => expect((await callLog(callSid))?.status).toBe("completed"), { timeout: 5000 });
    const log = (await callLog(callSid))!;
    expect(log.durationSeconds).toBeGreaterThan(limit - 5);
    expect(log.durationSeconds).toBeLessThanOrEqual(limit);
    expect(log.billedMinutes).toBe(Math.ceil(log.durationSeconds / 60));
  });

  it("ends a call moved past its limit as completed at exactly the limit, settled before the move answers", async () => {
    const { callSid, limit } = await answeredCall();
    const moved = await advance(limit + 30);
    expect(moved.statusCode, moved.body).toBe(200);
    const log = (await callLog(callSid))!;
    expect(log).toMatchObject({ status: "completed", durationSeconds: limit, billedMinutes: Math.ceil(limit / 60) });
  });

  it("is asked only by a signed-in page of our own origin, for whole seconds up to a day", async () => {
    expect((await advance(1, {})).statusCode).toBe(401);
    const foreign = await advance(1, { cookie: customer.cookie, origin: "https://elsewhere.example" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: { code: "origin_not_allowed" } });
    for (const advanceSeconds of [0, 1.5, 24 * 60 * 60 + 1]) expect((await advance(advanceSeconds)).statusCode).toBe(400);
  });
});

describe.each(engines)("the local carrier's clock without the setting, on %s", (engine) => {
  let server: TestServer;
  let customer: TestUser;
  beforeAll(async () => {
    server = await startTestServer(engine, {}, { carrier: FAST });
    customer = await buildUser(server);
  });
  afterAll(async () => server.close());

  it("has no route to move it at all", async () => {
    const response = await server.app.inject({ method: "POST", url: CLOCK, headers: { cookie: customer.cookie }, payload: { advanceSeconds: 60 } });
    expect(response.statusCode).toBe(404);
    expect(server.app.hasRoute({ method: "POST", url: CLOCK })).toBe(false);
  });
});
