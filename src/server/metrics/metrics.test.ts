import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditBalances } from "../db/schema/credits";
import { payments } from "../db/schema/payments";
import { grant, newCallSid, placeCall, reportStatus } from "../test/calls";
import { engines } from "../test/engines";
import { buildUser } from "../test/factories";
import { parseScrape, valueOf, type Scrape } from "../test/prometheus-text";
import { startTestServer, type TestServer } from "../test/test-server";
import { parseGateAnswer } from "../modules/calls/twiml";

const TOKEN = `metrics-${randomBytes(12).toString("hex")}`;

/**
 * /metrics end to end on a whole server: who may scrape it, and that a call on the
 * local carrier and a payment through the local checkout move the series named for them.
 */
describe.each(engines)("the metrics endpoint on %s", (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, { METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: "100000" });
  });
  afterAll(() => server.close());

  const get = (authorization?: string) =>
    server.app.inject({ method: "GET", url: "/metrics", headers: authorization === undefined ? {} : { authorization } });

  async function scrape(): Promise<Scrape> {
    const response = await get(`Bearer ${TOKEN}`);
    expect(response.statusCode, response.body).toBe(200);
    return parseScrape(response.body);
  }

  it("answers only a scrape that sends the token as a bearer, in Prometheus's text format", async () => {
    for (const authorization of [undefined, "", "Bearer", `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}`, TOKEN]) {
      const refused = await get(authorization);
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(refused.body).not.toContain("dialwise_");
    }
    const answered = await get(`Bearer ${TOKEN}`);
    expect(answered.statusCode).toBe(200);
    expect(answered.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(answered.headers["cache-control"]).toBe("no-store");
    expect(parseScrape(answered.body).types.get("dialwise_http_request_duration_seconds")).toBe("histogram");
  });

  it("reads the database's figures at each scrape: live calls, the ledger's drift, the job queue, the database itself", async () => {
    const before = await scrape();
    expect(valueOf(before, "dialwise_database_up")).toBe(1);
    expect(valueOf(before, "dialwise_ledger_drift_accounts")).toBe(0);
    expect(valueOf(before, "dialwise_calls_stuck_live")).toBe(0);
    // Every queue the server handles is listed, with its dead letters (none here).
    const deadLetterQueues = before.samples.filter((sample) => sample.name === "dialwise_job_dead_letters");
    expect(deadLetterQueues.length).toBeGreaterThan(0);
    expect(deadLetterQueues.every((sample) => sample.value === 0)).toBe(true);
    expect(valueOf(before, "dialwise_job_queue_depth", { queue: deadLetterQueues[0]!.labels.queue!, state: "waiting" })).toBeGreaterThanOrEqual(0);
    if (engine === "postgres") {
      // Read before the scrape's own database reads ask the pool for connections: nothing waits at rest.
      expect(valueOf(before, "dialwise_db_pool_clients", { state: "waiting" })).toBe(0);
      expect(before.samples.filter((sample) => sample.name === "dialwise_db_pool_clients").map((sample) => sample.labels.state).sort()).toEqual(["idle", "in_use", "waiting"]);
    } else {
      expect(before.samples.filter((sample) => sample.name === "dialwise_db_pool_clients")).toEqual([{ name: "dialwise_db_pool_clients", labels: { state: "open" }, value: 1 }]);
    }

    // An account whose balance no longer matches its ledger is counted, and no longer once it matches again.
    const person = await buildUser(server);
    await grant(server, person.id, "2.00");
    const db = server.database.db;
    await db.update(creditBalances).set({ balance: sql`${creditBalances.balance} + 1` }).where(eq(creditBalances.userId, person.id));
    expect(valueOf(await scrape(), "dialwise_ledger_drift_accounts")).toBe(1);
    await db.update(creditBalances).set({ balance: sql`${creditBalances.balance} - 1` }).where(eq(creditBalances.userId, person.id));
    expect(valueOf(await scrape(), "dialwise_ledger_drift_accounts")).toBe(0);
  });

  it("counts a call from the gate to its settlement and a payment's webhook, and times requests by route", async () => {
    const before = await scrape();
    const customer = await buildUser(server);
    await grant(server, customer.id, "5.00");

    const callSid = newCallSid();
    expect(parseGateAnswer((await placeCall(server, { callSid, userId: customer.id, to: "+447106123456" })).body).kind).toBe("dial");
    for (const status of ["ringing", "in-progress"]) expect((await reportStatus(server, callSid, status)).statusCode).toBe(200);
    const during = await scrape();
    expect(valueOf(during, "dialwise_calls_live", { carrier: "local" }) - valueOf(before, "dialwise_calls_live", { carrier: "local" })).toBe(1);
    expect((await reportStatus(server, callSid, "completed", { CallDuration: "42" })).statusCode).toBe(200);

    const checkout = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount: "10", lang: "en" } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.id, checkout.json<{ paymentId: string }>().paymentId));
    const paid = await server.app.inject({
      method: "POST",
      url: `/api/local-checkout/sessions/${payment!.providerPaymentId}/pay`,
      headers: { cookie: customer.cookie },
      payload: { cardNumber: "4242 4242 4242 4242", expiry: "12/99", cvc: "123" },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    expect((await server.app.inject({ method: "GET", url: `/api/no-such-thing/${callSid}` })).statusCode).toBe(404);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved("dialwise_calls_started_total", { carrier: "local" })).toBe(1);
    expect(moved("dialwise_calls_answered_total", { carrier: "local" })).toBe(1);
    expect(moved("dialwise_calls_failed_total", { carrier: "local" })).toBe(0);
    expect(moved("dialwise_call_settlement_seconds_count", { source: "status" })).toBe(1);
    expect(valueOf(after, "dialwise_calls_live", { carrier: "local" })).toBe(valueOf(before, "dialwise_calls_live", { carrier: "local" }));
    // The gate and three status events; the checkout's one signed event.
    expect(moved("dialwise_webhook_deliveries_total", { provider: "local-carrier", outcome: "processed" })).toBe(4);
    expect(moved("dialwise_webhook_deliveries_total", { provider: "local-checkout", outcome: "processed" })).toBe(1);
    expect(valueOf(after, "dialwise_ledger_drift_accounts")).toBe(0);

    // Requests are timed by the route they matched, never by their address.
    const routes = new Set(after.samples.filter((sample) => sample.name === "dialwise_http_request_duration_seconds_count").map((sample) => `${sample.labels.method} ${sample.labels.route} ${sample.labels.status_code}`));
    expect(routes).toContain("POST /api/payments/checkout 200");
    expect(routes).toContain("POST /api/local-checkout/sessions/:sessionId/pay 200");
    expect(routes).toContain("POST /webhooks/telephony/status 200");
    expect(routes).toContain("GET /metrics 401");
    expect(routes).toContain("GET unmatched 404");
    for (const id of [payment!.providerPaymentId!, callSid]) expect([...routes].some((route) => route.includes(id))).toBe(false);
  });

  it("counts a webhook refused for its signature by provider and status", async () => {
    const before = await scrape();
    const unsigned = await server.app.inject({ method: "POST", url: "/webhooks/telephony/status", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "CallSid=CA1&CallStatus=ringing" });
    expect(unsigned.statusCode).toBe(401);
    const forged = await server.app.inject({ method: "POST", url: "/webhooks/telephony/status", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "Zm9yZ2Vk" }, payload: "CallSid=CA1&CallStatus=ringing" });
    expect(forged.statusCode).toBe(403);
    const after = await scrape();
    for (const status of ["401", "403"]) {
      expect(valueOf(after, "dialwise_webhook_refusals_total", { provider: "local-carrier", status_code: status }) - valueOf(before, "dialwise_webhook_refusals_total", { provider: "local-carrier", status_code: status })).toBe(1);
    }
  });

  const db = () => server.database.db;
});

describe("the metrics endpoint without a token", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite");
  });
  afterAll(() => server.close());

  it("does not exist", async () => {
    for (const authorization of [undefined, "Bearer anything-at-all-long-enough"]) {
      const response = await server.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("dialwise_");
    }
  });
});
