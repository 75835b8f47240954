import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client";
import { AppError } from "../http/app-error";
import type { WebhookMetrics } from "../metrics/webhook-metrics";
import { claimDelivery, finishDelivery, recordFailedDelivery, storedEventId, type DeliveryKey } from "./deliveries";
import { acceptFormBodies } from "./form-body";
import { PermanentWebhookError, type Webhook, type WebhookReply } from "./webhook";

/** What a provider is told when we have no reply of our own to give. */
interface Receipt {
  received: true;
  duplicate: boolean;
  outcome: "processed" | "ignored" | "rejected";
}

/**
 * Registers provider webhooks as `signed` routes in a scope of their own (where
 * form bodies are accepted). Each delivery: the provider's signature is checked
 * (401/403, nothing written), the body is matched against the webhook's schema,
 * the event is claimed and its effect run in one transaction, and the provider is
 * answered 2xx for everything but a failure a redelivery could fix (503).
 */
export function registerWebhooks(app: FastifyInstance, db: Database, webhooks: readonly Webhook[], metrics: WebhookMetrics): void {
  if (webhooks.length === 0) return;
  void app.register(async (scope) => {
    acceptFormBodies(scope);
    for (const webhook of webhooks) {
      scope.route({
        method: "POST",
        url: webhook.path,
        config: { access: "signed", verifySignature: webhook.verify },
        schema: { hide: true },
        // Refused before the handler ran (signature, unreadable body): counted by its status.
        onResponse: async (_request, reply) => {
          if (REFUSALS.has(reply.statusCode)) metrics.refused(webhook.provider, reply.statusCode);
        },
        handler: async (request, reply) => {
          const { sent, outcome } = await receive(db, webhook, request, reply).catch((error: unknown) => {
            // Answered 5xx: the provider sends it again.
            if (!(error instanceof AppError) || error.status >= 500) metrics.delivered(webhook.provider, "retry");
            throw error;
          });
          metrics.delivered(webhook.provider, outcome);
          return sent;
        },
      });
    }
  });
}

/** What a refused webhook request is answered: no signature, a bad one, a body we cannot read. */
const REFUSALS = new Set([400, 401, 403, 413, 415]);

type Outcome = "processed" | "ignored" | "duplicate" | "rejected";
const outcomeOf = (receipt: Receipt): Outcome => (receipt.duplicate ? "duplicate" : receipt.outcome);

async function receive(db: Database, webhook: Webhook, request: FastifyRequest, reply: FastifyReply): Promise<{ sent: FastifyReply; outcome: Outcome }> {
  const rawBody = request.rawBody ?? Buffer.alloc(0);
  const body: unknown = request.body ?? {};
  if (holdsNul(body)) throw new AppError(400, "invalid_body", "The body holds a NUL character");

  const parsed = webhook.payload.safeParse(body);
  if (!parsed.success) {
    // Signed by the provider but not what we expect: a redelivery would be the same.
    const key: DeliveryKey = { provider: webhook.provider, eventId: storedEventId(undefined, rawBody), eventType: null, payload: body };
    const reason = `The body is not what this webhook expects: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ")}`;
    await recordFailedDelivery(db, key, { outcome: "rejected", error: reason, effectRan: false });
    request.log.warn({ provider: webhook.provider, reason }, "webhook rejected");
    return { sent: answer(reply, null, { received: true, duplicate: false, outcome: "rejected" }), outcome: "rejected" };
  }

  const payload = parsed.data;
  const key: DeliveryKey = {
    provider: webhook.provider,
    eventId: storedEventId(webhook.eventId(payload), rawBody),
    eventType: webhook.eventType?.(payload)?.slice(0, 200) ?? null,
    payload: body,
  };
  try {
    const settled = await db.transaction(async (tx) => {
      const claim = await claimDelivery(tx, key);
      if (!claim.claimed) {
        const outcome = claim.outcome === "retry" || claim.outcome === "processing" ? "processed" : claim.outcome;
        return { reply: claim.reply, receipt: { received: true, duplicate: true, outcome } satisfies Receipt };
      }
      const result = (await webhook.handle(payload, { tx, request, delivery: { id: claim.id, attempt: claim.attempt } })) ?? {};
      const outcome = result.outcome ?? "processed";
      await finishDelivery(tx, claim.id, outcome, result.reply ?? null);
      return { reply: result.reply ?? null, receipt: { received: true, duplicate: false, outcome } satisfies Receipt };
    });
    return { sent: answer(reply, settled.reply, settled.receipt), outcome: outcomeOf(settled.receipt) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof PermanentWebhookError) {
      await recordFailedDelivery(db, key, { outcome: "rejected", error: message, effectRan: true });
      request.log.warn({ provider: webhook.provider, eventId: key.eventId, reason: message }, "webhook rejected");
      return { sent: answer(reply, null, { received: true, duplicate: false, outcome: "rejected" }), outcome: "rejected" };
    }
    await recordFailedDelivery(db, key, { outcome: "retry", error: message, effectRan: true });
    request.log.error({ err: error, provider: webhook.provider, eventId: key.eventId }, "webhook failed; the provider will send it again");
    reply.header("retry-after", "60");
    throw new AppError(503, "webhook_retry_later", "We could not process this event just now. Please send it again later.");
  }
}

function answer(reply: FastifyReply, stored: WebhookReply | null, receipt: Receipt) {
  if (stored) return reply.status(200).type(stored.contentType).send(stored.body);
  return reply.status(200).send(receipt);
}

/** True when any string (key or value) in a parsed body holds a NUL, which PostgreSQL cannot store. */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (item.includes("\0")) return true;
    } else if (typeof item === "object" && item !== null) {
      for (const [name, child] of Object.entries(item)) {
        if (name.includes("\0")) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
