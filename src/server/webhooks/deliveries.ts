import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { webhookEvents, type WebhookOutcome } from "../db/schema/webhooks";
import type { WebhookReply } from "./webhook";

/**
 * The ledger of webhook deliveries. A delivery is claimed by upserting its
 * (provider, event id) row inside the transaction that runs the effect: the first
 * claim inserts, a concurrent one waits on the unique index and then finds the
 * event final; a redelivery of an event whose effect failed retryably claims it
 * again. `processing` is written only inside that transaction, so it is never seen.
 */
export interface DeliveryKey {
  provider: string;
  eventId: string;
  eventType: string | null;
  payload: unknown;
}

export type Claim =
  | { claimed: true; id: number; attempt: number }
  | { claimed: false; id: number; outcome: WebhookOutcome; reply: WebhookReply | null };

const MAX_EVENT_ID_LENGTH = 200;
const MAX_ERROR_LENGTH = 1000;

/** The event id to store: the provider's, or a digest of the body when it gave none we can use. */
export function storedEventId(eventId: string | undefined, rawBody: Buffer): string {
  const trimmed = eventId?.trim() ?? "";
  if (trimmed.length > 0 && trimmed.length <= MAX_EVENT_ID_LENGTH) return trimmed;
  return `sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
}

export async function claimDelivery(tx: Executor, key: DeliveryKey): Promise<Claim> {
  const retrying = sql`${webhookEvents.outcome} = 'retry'`;
  const [row] = await tx
    .insert(webhookEvents)
    .values({ provider: key.provider, eventId: key.eventId, eventType: key.eventType, payload: key.payload, outcome: "processing", attempts: 1 })
    .onConflictDoUpdate({
      target: [webhookEvents.provider, webhookEvents.eventId],
      set: {
        deliveries: sql`${webhookEvents.deliveries} + 1`,
        lastReceivedAt: sql`now()`,
        attempts: sql`${webhookEvents.attempts} + case when ${retrying} then 1 else 0 end`,
        outcome: sql`case when ${retrying} then 'processing' else ${webhookEvents.outcome} end`,
      },
    })
    .returning({ id: webhookEvents.id, outcome: webhookEvents.outcome, attempts: webhookEvents.attempts, reply: webhookEvents.reply });
  if (!row) throw new Error("claiming a webhook delivery returned no row");
  if (row.outcome === "processing") return { claimed: true, id: row.id, attempt: row.attempts };
  return { claimed: false, id: row.id, outcome: row.outcome, reply: row.reply };
}

/** Marks a claimed delivery done, in the claiming transaction. */
export async function finishDelivery(tx: Executor, id: number, outcome: "processed" | "ignored", reply: WebhookReply | null): Promise<void> {
  await tx.update(webhookEvents).set({ outcome, reply, error: null, processedAt: sql`now()` }).where(eq(webhookEvents.id, id));
}

/**
 * Records a delivery whose effect did not commit: `rejected` for good, or `retry`
 * (a redelivery claims it again). Runs after the effect's transaction rolled back.
 * An event another delivery has meanwhile settled keeps its outcome; only its
 * delivery count moves.
 */
export async function recordFailedDelivery(
  db: Database,
  key: DeliveryKey,
  failure: { outcome: "rejected" | "retry"; error: string; effectRan: boolean },
): Promise<void> {
  const retrying = sql`${webhookEvents.outcome} = 'retry'`;
  const attempts = failure.effectRan ? 1 : 0;
  const processedAt = failure.outcome === "rejected" ? sql`now()` : null;
  const error = failure.error.slice(0, MAX_ERROR_LENGTH);
  await db
    .insert(webhookEvents)
    .values({ provider: key.provider, eventId: key.eventId, eventType: key.eventType, payload: key.payload, outcome: failure.outcome, error, attempts, processedAt })
    .onConflictDoUpdate({
      target: [webhookEvents.provider, webhookEvents.eventId],
      set: {
        deliveries: sql`${webhookEvents.deliveries} + 1`,
        lastReceivedAt: sql`now()`,
        attempts: sql`${webhookEvents.attempts} + case when ${retrying} then ${attempts}::int else 0 end`,
        outcome: sql`case when ${retrying} then ${failure.outcome} else ${webhookEvents.outcome} end`,
        error: sql`case when ${retrying} then ${error} else ${webhookEvents.error} end`,
        processedAt: sql`case when ${retrying} then ${processedAt}::timestamptz else ${webhookEvents.processedAt} end`,
      },
    });
}
