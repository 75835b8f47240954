import { randomBytes } from "node:crypto";
import { z } from "zod";
import { auditLog } from "../db/schema/audit";
import { verifySignatureHeader } from "../webhooks/hmac";
import { defineWebhook, PermanentWebhookError, type Webhook } from "../webhooks/webhook";

/**
 * A provider that exists only in tests, wired like a real one: HMAC-signed
 * deliveries (webhooks/hmac.ts) to a JSON route and a form route. Its effect is an
 * audit_log row written in the delivery's transaction, so a test can count how
 * often an effect committed. What each event does is in its body (`behaviour`).
 */
export const TEST_WEBHOOK_SECRET = `test-${randomBytes(8).toString("hex")}`;
export const TEST_SIGNATURE_HEADER = "x-test-signature";
export const TEST_EFFECT_ACTION = "test_webhook.effect";

export type TestBehaviour = "ok" | "ignore" | "permanent" | "fail-once" | "fail";

/** The raw body each event's handler saw, by event id: what the signature was checked against. */
export const rawBodiesSeen = new Map<string, Buffer>();

const jsonEvents = defineWebhook({
  provider: "test",
  path: "/webhooks/test/json",
  verify: (request) => verifySignatureHeader(TEST_WEBHOOK_SECRET, request.headers[TEST_SIGNATURE_HEADER], request.rawBody),
  payload: z.object({ id: z.string(), type: z.string(), key: z.string(), behaviour: z.enum(["ok", "ignore", "permanent", "fail-once", "fail"]).default("ok") }),
  eventId: (event) => event.id,
  eventType: (event) => event.type,
  async handle(event, { tx, request, delivery }) {
    rawBodiesSeen.set(event.id, request.rawBody ?? Buffer.alloc(0));
    await tx.insert(auditLog).values({ action: TEST_EFFECT_ACTION, subjectType: "test_event", subjectId: event.key, after: { attempt: delivery.attempt } });
    if (event.behaviour === "ignore") return { outcome: "ignored" };
    if (event.behaviour === "permanent") throw new PermanentWebhookError(`no account for ${event.key}`);
    if (event.behaviour === "fail" || (event.behaviour === "fail-once" && delivery.attempt === 1)) throw new Error(`the carrier lookup timed out (attempt ${delivery.attempt})`);
    return undefined;
  },
});

/** Posts forms, as Twilio does, and answers with a document of its own (a duplicate gets the same one). */
const form = defineWebhook({
  provider: "test-form",
  path: "/webhooks/test/form",
  verify: (request) => verifySignatureHeader(TEST_WEBHOOK_SECRET, request.headers[TEST_SIGNATURE_HEADER], request.rawBody),
  payload: z.object({ EventSid: z.string(), CallStatus: z.string(), Note: z.union([z.string(), z.array(z.string())]).optional() }),
  eventId: (event) => event.EventSid,
  eventType: (event) => event.CallStatus,
  async handle(event, { tx }) {
    await tx.insert(auditLog).values({ action: TEST_EFFECT_ACTION, subjectType: "test_event", subjectId: event.EventSid, after: event });
    return { reply: { contentType: "text/xml; charset=utf-8", body: `<Response><Say>${event.CallStatus}</Say></Response>` } };
  },
});

export const testWebhooks: readonly Webhook[] = [jsonEvents, form];
