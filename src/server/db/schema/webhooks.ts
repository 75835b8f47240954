import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** What became of a delivery. `processing` exists only inside the transaction that claimed it. */
export const WEBHOOK_OUTCOMES = ["processing", "processed", "ignored", "rejected", "retry"] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/**
 * Every provider event we were sent (carrier status callbacks, payment events),
 * one row per provider and event id: the row is claimed before the effect runs,
 * so a redelivery finds it and changes nothing, and an operator sees what came,
 * how often, and what became of it.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** "twilio", "stripe", "local-carrier", … */
    provider: text("provider").notNull(),
    /** The provider's own id of the event (unique per provider), or a digest of the body when it has none we can read. */
    eventId: text("event_id").notNull(),
    /** The provider's kind of event ("checkout.session.completed", "completed"), for people. */
    eventType: text("event_type"),
    /** The body as received, parsed (JSON, or a form as an object). */
    payload: jsonb("payload").notNull(),
    outcome: text("outcome").$type<WebhookOutcome>().notNull(),
    /** Why it was rejected, or the last error of a delivery that will be tried again. */
    error: text("error"),
    /** Times the provider sent it (duplicates included). */
    deliveries: integer("deliveries").notNull().default(1),
    /** Times its effect ran (failed runs included; a duplicate does not run it). */
    attempts: integer("attempts").notNull().default(0),
    /** What we answered, replayed to a duplicate (a TwiML document, say); null for the default answer. */
    reply: jsonb("reply").$type<{ contentType: string; body: string }>(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    lastReceivedAt: timestamp("last_received_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it reached processed, ignored or rejected. */
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("webhook_events_provider_event_id_idx").on(table.provider, table.eventId),
    index("webhook_events_last_received_at_idx").on(table.lastReceivedAt),
    check("webhook_events_outcome_check", sql`${table.outcome} in ('processing', 'processed', 'ignored', 'rejected', 'retry')`),
  ],
);
