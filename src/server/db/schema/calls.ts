import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CallCreditReason, CarrierQuality } from "../../../shared/api/call-credits";
import type { CallQuality, CallRefusal, CallStatus, CarrierName } from "../../../shared/api/calls";
import { user } from "./auth";

/**
 * One row per call, outbound (the customer dialled; priced and frozen at the gate)
 * or inbound (someone rang the customer; never charged). Cost, duration and status
 * are written only by the server from the carrier's signed status events.
 */
export const callLogs = pgTable(
  "call_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The carrier's sid of the device's leg. */
    callSid: text("call_sid").notNull().unique(),
    direction: text("direction").$type<"outbound" | "inbound">().notNull(),
    /** E.164 (or what was dialled, when the gate refused it as not a number). */
    toNumber: text("to_number").notNull(),
    fromNumber: text("from_number"),
    /** ISO 3166-1 alpha-2 of the destination, "" when unknown. */
    countryCode: text("country_code").notNull().default(""),
    /** The customer's USD price per minute, frozen at the gate: later rate changes never touch it. */
    ratePerMin: numeric("rate_per_min", { precision: 14, scale: 4 }).notNull().default("0"),
    carrierRate: numeric("carrier_rate", { precision: 14, scale: 5 }),
    ratePrefix: text("rate_prefix"),
    marginBp: integer("margin_bp"),
    /** The longest the balance at the gate could pay for, in seconds. */
    timeLimitSeconds: integer("time_limit_seconds").notNull().default(0),
    carrier: text("carrier").$type<CarrierName>().notNull(),
    status: text("status").$type<CallStatus>().notNull(),
    refusalReason: text("refusal_reason").$type<CallRefusal>(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    billedMinutes: integer("billed_minutes").notNull().default(0),
    costUsd: numeric("cost_usd", { precision: 14, scale: 4 }).notNull().default("0"),
    /** "server" always, from the carrier's talk seconds and the frozen rate (the browser's figure is never used). */
    costCalculatedBy: text("cost_calculated_by").notNull().default("server"),
    qualityRating: smallint("quality_rating"),
    /** The device's own media statistics: shown, never used for money (a customer could change them). */
    quality: jsonb("quality").$type<CallQuality>(),
    /** The media as the carrier measured it, once it has said (the automatic credit's evidence). */
    carrierQuality: jsonb("carrier_quality").$type<CarrierQuality>(),
    /** What was given back of the cost: the call's one `call_credit` ledger row, mirrored for the history and the back office. */
    creditUsd: numeric("credit_usd", { precision: 14, scale: 4 }),
    creditReason: text("credit_reason").$type<CallCreditReason>(),
    creditNote: text("credit_note"),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
  },
  (table) => [
    // One live outbound call per account: the second simultaneous call fails this index at the gate.
    uniqueIndex("call_logs_one_live_call_idx")
      .on(table.userId)
      .where(sql`${table.direction} = 'outbound' and ${table.status} in ('initiated', 'ringing', 'answered')`),
    index("call_logs_user_id_started_at_idx").on(table.userId, table.startedAt),
    // Every customer's calls newest first (the calls page, the dashboard's latest) and the dashboard's period scans.
    index("call_logs_started_at_idx").on(table.startedAt, table.id),
    // The dashboard's active customers: who placed a call in a period, read from the index alone (decision 043).
    index("call_logs_placed_by_day_idx")
      .on(table.startedAt, table.userId)
      .where(sql`${table.direction} = 'outbound' and ${table.refusalReason} is null`),
    // The dashboard's credited back, by the day a call was credited: the few credited calls only (decision 043).
    index("call_logs_credited_at_idx")
      .on(table.creditedAt)
      .where(sql`${table.creditedAt} is not null`),
    index("call_logs_live_idx")
      .on(table.startedAt)
      .where(sql`${table.status} in ('initiated', 'ringing', 'answered')`),
    check("call_logs_direction_check", sql`${table.direction} in ('outbound', 'inbound')`),
    check(
      "call_logs_status_check",
      sql`${table.status} in ('initiated', 'ringing', 'answered', 'completed', 'busy', 'declined', 'no-answer', 'failed', 'canceled')`,
    ),
    check("call_logs_quality_rating_check", sql`${table.qualityRating} is null or ${table.qualityRating} between 1 and 5`),
    check("call_logs_credit_check", sql`${table.creditUsd} is null or (${table.creditUsd} > 0 and ${table.creditUsd} <= ${table.costUsd} and ${table.creditReason} in ('manual', 'short_call', 'poor_quality'))`),
  ],
);

/** Every status event a carrier sent about a call, stored as received, even late or out of order (the spec's realtime table). */
export const callStatusUpdates = pgTable(
  "call_status_updates",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The call log's call_sid (the parent leg). */
    callSid: text("call_sid").notNull(),
    /** The carrier's status as sent (initiated, ringing, in-progress, completed, busy, …). */
    status: text("status").notNull(),
    talkDurationSeconds: integer("talk_duration_seconds"),
    toNumber: text("to_number"),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("call_status_updates_call_sid_idx").on(table.callSid, table.receivedAt)],
);
