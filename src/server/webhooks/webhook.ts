import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Executor } from "../db/client";
import type { VerifySignature } from "../http/signed-access";

/**
 * A provider webhook, declared in one place: where it listens, how its provider
 * signs, what its body must look like, which field names the event, and what the
 * event does. registerWebhooks (register-webhooks.ts) turns it into a `signed`
 * route whose every delivery is recorded in webhook_events and runs at most once.
 */
export interface WebhookDefinition<Payload> {
  /** Stored with each event ("twilio", "stripe", "local-carrier"); event ids are unique per provider. */
  provider: string;
  path: `/webhooks/${string}`;
  verify: VerifySignature;
  /** The parsed body (JSON, or a form as an object of strings) must match; a signed body that does not is rejected (2xx) and recorded. */
  payload: z.ZodType<Payload>;
  /** The provider's id of this event: a redelivery carries the same one. */
  eventId(payload: Payload): string;
  /** The kind of event, for the back office. */
  eventType?(payload: Payload): string | undefined;
  /**
   * The effect. Runs inside the transaction that claimed the event, so the effect and the
   * claim commit together (write through `context.tx`; enqueue follow-up work there too).
   * Throw PermanentWebhookError for what no redelivery can fix (answered 2xx, recorded);
   * any other error rolls back and answers 503 so the provider sends it again.
   */
  handle(payload: Payload, context: WebhookContext): Promise<WebhookResult | void>;
}

export interface WebhookContext {
  tx: Executor;
  request: FastifyRequest;
  delivery: {
    /** The webhook_events row. */
    id: number;
    /** 1 the first time the effect runs, 2 after one retryable failure, … */
    attempt: number;
  };
}

/** What the provider is answered; a duplicate delivery gets the same reply. */
export interface WebhookReply {
  contentType: string;
  body: string;
}

export interface WebhookResult {
  /** `ignored` when the event needs nothing from us (a kind we do not act on); `processed` by default. */
  outcome?: "processed" | "ignored";
  reply?: WebhookReply;
}

/** A delivery that can never succeed (an unknown account, a contradiction): answered 2xx so the provider stops, and recorded with its reason. */
export class PermanentWebhookError extends Error {
  override name = "PermanentWebhookError";
}

/** A webhook of any payload, as registerWebhooks takes them. */
export type Webhook = WebhookDefinition<unknown>;

/** Checks a definition's types once, then keeps it with the others. */
export function defineWebhook<Payload>(definition: WebhookDefinition<Payload>): Webhook {
  return definition as unknown as Webhook;
}
