import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../db/schema/audit";
import { webhookEvents } from "../db/schema/webhooks";
import { everyEngine } from "../test/engines";
import { rawBodiesSeen, TEST_EFFECT_ACTION, TEST_SIGNATURE_HEADER, TEST_WEBHOOK_SECRET, testWebhooks, type TestBehaviour } from "../test/test-webhooks";
import { startTestServer, type TestServer } from "../test/test-server";
import { signatureHeader } from "./hmac";

let sequence = 0;
/** A fresh event id and effect key, so no test meets another's rows. */
const fresh = (label: string) => `${label}-${Date.now().toString(36)}-${(sequence += 1)}`;

describe.each(everyEngine)("provider webhooks on %s", (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { webhooks: testWebhooks });
  });
  afterAll(() => server.close());

  const effects = async (key: string) =>
    (await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, TEST_EFFECT_ACTION), eq(auditLog.subjectId, key)))).length;
  const stored = async (provider: string, eventId: string) =>
    server.database.db.select().from(webhookEvents).where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));

  /** Posts a JSON event signed with the test provider's secret (or as told). */
  function post(body: string, options: { signature?: string | null; path?: string; contentType?: string } = {}) {
    const signature = options.signature === undefined ? signatureHeader(TEST_WEBHOOK_SECRET, body) : options.signature;
    return server.app.inject({
      method: "POST",
      url: options.path ?? "/webhooks/test/json",
      headers: { "content-type": options.contentType ?? "application/json", ...(signature === null ? {} : { [TEST_SIGNATURE_HEADER]: signature }) },
      payload: body,
    });
  }
  const event = (id: string, key: string, behaviour: TestBehaviour = "ok") => JSON.stringify({ id, type: "call.completed", key, behaviour });

  it("refuses an unsigned delivery with 401 and writes nothing", async () => {
    const id = fresh("unsigned");
    const response = await post(event(id, id), { signature: null });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: "signature_missing" } });
    expect(await stored("test", id)).toEqual([]);
    expect(await effects(id)).toBe(0);
  });

  it("refuses forged, tampered and stale signatures with 403 and writes nothing", async () => {
    const id = fresh("forged");
    const body = event(id, id);
    const forgeries = [
      signatureHeader("not-the-secret", body),
      signatureHeader(TEST_WEBHOOK_SECRET, event(id, "someone-else")),
      signatureHeader(TEST_WEBHOOK_SECRET, body, new Date(Date.now() - 10 * 60 * 1000)),
      "t=abc,v1=def",
      "garbage",
    ];
    for (const signature of forgeries) {
      const response = await post(body, { signature });
      expect(response.statusCode, signature).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: "signature_invalid" } });
    }
    expect(await stored("test", id)).toEqual([]);
    expect(await effects(id)).toBe(0);
  });

  it("runs a signed event once and records it; a redelivery answers 2xx and changes nothing", async () => {
    const id = fresh("evt");
    const first = await post(event(id, id));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false, outcome: "processed" });

    const again = await post(event(id, id));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true, outcome: "processed" });

    expect(await effects(id)).toBe(1);
    const [row] = await stored("test", id);
    expect(row).toMatchObject({ eventType: "call.completed", outcome: "processed", attempts: 1, deliveries: 2, error: null, payload: { id, key: id } });
    expect(row?.processedAt).toBeInstanceOf(Date);
    expect(row!.lastReceivedAt.getTime()).toBeGreaterThanOrEqual(row!.receivedAt.getTime());
  });

  it("runs the effect once when 20 copies of an event arrive at the same time", async () => {
    const id = fresh("burst");
    const body = event(id, id);
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.filter((response) => response.json().duplicate === false)).toHaveLength(1);
    expect(await effects(id)).toBe(1);
    expect(await stored("test", id)).toEqual([expect.objectContaining({ outcome: "processed", attempts: 1, deliveries: 20 })]);
  });

  it("answers a permanent failure 2xx so the provider stops, keeps nothing of its effect, and records why", async () => {
    const id = fresh("unknown-account");
    const response = await post(event(id, id, "permanent"));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false, outcome: "rejected" });
    expect(await effects(id)).toBe(0);

    const again = await post(event(id, id, "permanent"));
    expect(again.json()).toEqual({ received: true, duplicate: true, outcome: "rejected" });
    const [row] = await stored("test", id);
    expect(row).toMatchObject({ outcome: "rejected", error: `no account for ${id}`, attempts: 1, deliveries: 2 });
    expect(row?.processedAt).toBeInstanceOf(Date);
  });

  it("answers a failure a retry can fix with 503, keeps nothing of its effect, and runs it when the provider sends it again", async () => {
    const id = fresh("flaky");
    const first = await post(event(id, id, "fail-once"));
    expect(first.statusCode).toBe(503);
    expect(first.headers["retry-after"]).toBe("60");
    expect(first.json()).toMatchObject({ error: { code: "webhook_retry_later" } });
    expect(await effects(id)).toBe(0);
    expect(await stored("test", id)).toEqual([expect.objectContaining({ outcome: "retry", error: "the carrier lookup timed out (attempt 1)", attempts: 1, deliveries: 1, processedAt: null })]);

    const second = await post(event(id, id, "fail-once"));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: false, outcome: "processed" });
    expect(await effects(id)).toBe(1);
    expect(await stored("test", id)).toEqual([expect.objectContaining({ outcome: "processed", error: null, attempts: 2, deliveries: 2 })]);

    expect((await post(event(id, id, "fail-once"))).json()).toMatchObject({ duplicate: true });
    expect(await effects(id)).toBe(1);
  });

  it("keeps answering 503 while the failure lasts, counting the attempts", async () => {
    const id = fresh("down");
    expect((await post(event(id, id, "fail"))).statusCode).toBe(503);
    expect((await post(event(id, id, "fail"))).statusCode).toBe(503);
    expect(await stored("test", id)).toEqual([expect.objectContaining({ outcome: "retry", attempts: 2, deliveries: 2, error: "the carrier lookup timed out (attempt 2)" })]);
    expect(await effects(id)).toBe(0);
  });

  it("records an event the handler has nothing to do for as ignored", async () => {
    const id = fresh("ignored");
    expect((await post(event(id, id, "ignore"))).json()).toEqual({ received: true, duplicate: false, outcome: "ignored" });
    expect(await stored("test", id)).toEqual([expect.objectContaining({ outcome: "ignored", attempts: 1 })]);
  });

  it("rejects (2xx) and records a signed body that is not what the webhook expects, under a digest of the body", async () => {
    const body = JSON.stringify({ id: fresh("odd"), type: "call.completed" });
    const response = await post(body);
    expect(response.json()).toEqual({ received: true, duplicate: false, outcome: "rejected" });
    const rows = await server.database.db.select().from(webhookEvents).where(eq(webhookEvents.payload, JSON.parse(body)));
    expect(rows).toEqual([expect.objectContaining({ provider: "test", outcome: "rejected", attempts: 0 })]);
    expect(rows[0]?.eventId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(rows[0]?.error).toContain("key");
  });

  it("reads a form body into a plain object, answers with the handler's document, and replays it to a duplicate", async () => {
    const sid = fresh("EV");
    const body = `EventSid=${sid}&CallStatus=completed&Note=a+b%26c&Note=%C3%A9`;
    const send = () => post(body, { path: "/webhooks/test/form", contentType: "application/x-www-form-urlencoded" });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("text/xml; charset=utf-8");
    expect(first.body).toBe("<Response><Say>completed</Say></Response>");
    const again = await send();
    expect(again.body).toBe(first.body);
    expect(await stored("test-form", sid)).toEqual([
      expect.objectContaining({ outcome: "processed", deliveries: 2, payload: { EventSid: sid, CallStatus: "completed", Note: ["a b&c", "é"] } }),
    ]);
    expect(await effects(sid)).toBe(1);
  });

  it("refuses a form holding a NUL with 400 and writes nothing", async () => {
    const sid = fresh("NUL");
    const response = await post(`EventSid=${sid}&CallStatus=comp%00leted`, { path: "/webhooks/test/form", contentType: "application/x-www-form-urlencoded" });
    expect(response.statusCode).toBe(400);
    expect(await server.database.db.select().from(webhookEvents).where(eq(webhookEvents.provider, "test-form"))).not.toContainEqual(expect.objectContaining({ eventId: sid }));
  });

  it("keeps refusing form bodies on the API (415): forms are read only on webhook routes", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/accounts/admin-sign-up",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=a%40example.com&password=secret-secret",
    });
    expect(response.statusCode).toBe(415);
  });

  it("checks the signature against the exact bytes sent, before any parser touched them", async () => {
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = server.app.server.address() as AddressInfo;
    const id = fresh("bytes");
    // Spacing, key order, escapes and non-ASCII that a parse-and-serialise round trip would change.
    const body = Buffer.from(`{ "type" :"call.completed",\n\t"id":"${id}", "key":"${id}", "note":"caf\\u00e9 ☎", "behaviour":"ok"   }`, "utf8");
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(
        { host: "127.0.0.1", port, method: "POST", path: "/webhooks/test/json", headers: { "content-type": "application/json", "content-length": body.length, [TEST_SIGNATURE_HEADER]: signatureHeader(TEST_WEBHOOK_SECRET, body) } },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
    expect(answer).toEqual({ status: 200, text: JSON.stringify({ received: true, duplicate: false, outcome: "processed" }) });
    expect(rawBodiesSeen.get(id)?.equals(body)).toBe(true);
  });
});
