import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { canonicalEmail } from "../../../../shared/accounts/canonical-email";
import { user } from "../../../db/schema/auth";
import { verifySignatureHeader } from "../../../webhooks/hmac";
import { defineWebhook, PermanentWebhookError, type Webhook } from "../../../webhooks/webhook";
import { newCallSid } from "./call-sid";
import type { LocalCarrierCalls } from "./local-carrier";

/**
 * How `npm run carrier:ring` rings a customer on a running server: the embedded
 * database belongs to the server process, so the script asks the server over HTTP,
 * signing with the local carrier's secret (webhooks/hmac.ts) so nobody else can.
 */
export const RING_PATH = "/webhooks/local-carrier/ring";
export const RING_SIGNATURE_HEADER = "x-dialwise-signature";

export const ringRequestSchema = z.object({
  /** Chosen by the script: a request sent twice rings once. */
  id: z.string().min(8).max(64),
  email: z.string().min(3).max(320),
  from: z.string().regex(/^\+[1-9]\d{5,14}$/),
});
export type RingRequest = z.infer<typeof ringRequestSchema>;

export function ringWebhook(calls: LocalCarrierCalls, secret: string, log: { error(details: object, message: string): void }): Webhook {
  return defineWebhook({
    provider: "local-carrier",
    path: RING_PATH,
    verify: (request) => verifySignatureHeader(secret, request.headers[RING_SIGNATURE_HEADER], request.rawBody),
    payload: ringRequestSchema,
    eventId: (ring) => `ring:${ring.id}`,
    eventType: () => "ring",
    async handle(ring, { tx }) {
      const [customer] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.email, canonicalEmail(ring.email)), eq(user.emailVerified, true)));
      if (!customer) throw new PermanentWebhookError(`No customer with a verified address ${ring.email}`);
      const callSid = newCallSid();
      // The call is made once this delivery's transaction has committed: it writes through its own connection.
      setImmediate(() => {
        calls.ring(customer.id, ring.from, callSid).catch((error: unknown) => log.error({ err: error, callSid }, "local carrier: ringing the customer failed"));
      });
      return { reply: { contentType: "application/json; charset=utf-8", body: JSON.stringify({ callSid }) } };
    },
  });
}
