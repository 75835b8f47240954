import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { CarrierQuality } from "../../../shared/api/call-credits";
import { user } from "./auth";

export const LOCAL_CALL_PHASES = ["incoming", "ringing", "answered", "ended"] as const;
export type LocalCallPhase = (typeof LOCAL_CALL_PHASES)[number];

/**
 * The local carrier's own record of its calls: what a real carrier's call resource
 * would answer. Any server instance reads it (whose call a hang-up names, what the
 * reconcile job asks); the instance holding a call's media writes it and touches
 * `heartbeat_at` while the call lives, so a call whose instance died is seen as
 * dropped. A phase only moves forward (the update names the phase it leaves).
 */
export const localCarrierCalls = pgTable(
  "local_carrier_calls",
  {
    /** The device's leg: the call log's call_sid. */
    callSid: text("call_sid").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    direction: text("direction").$type<"outbound" | "inbound">().notNull(),
    /** The other party, E.164: who was dialled, or who is calling. */
    remoteNumber: text("remote_number").notNull(),
    phase: text("phase").$type<LocalCallPhase>().notNull(),
    /** How the call ended, in the carrier's words (completed, busy, no-answer, failed, canceled). */
    finalStatus: text("final_status"),
    talkSeconds: integer("talk_seconds").notNull().default(0),
    /** What the carrier measured of the caller's audio (RFC 3550 loss and jitter), written as the call ends. */
    mediaQuality: jsonb("media_quality").$type<CarrierQuality>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("local_carrier_calls_user_id_idx").on(table.userId, table.createdAt),
    check("local_carrier_calls_phase_check", sql`${table.phase} in ('incoming', 'ringing', 'answered', 'ended')`),
    check("local_carrier_calls_direction_check", sql`${table.direction} in ('outbound', 'inbound')`),
  ],
);
