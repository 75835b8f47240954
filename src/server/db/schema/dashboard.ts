import { date, integer, numeric, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { CallStatus } from "../../../shared/api/calls";

/**
 * The back office dashboard's call figures per UTC day (decision 043): one row per day a call
 * started on (UTC), destination, final status and refusal reason, holding the sums of the ended
 * outgoing calls in it. A call is added in the transaction that makes it final (settlement, a
 * refusal at the gate) and moved when a counted field of an ended call changes (a rating, the
 * device's media report), each as an additive upsert, so two servers writing at once both count.
 * Calls still live are not here: the dashboard reads them from call_logs beside these rows.
 * Sums rather than averages, so days and destinations add up; the averages are divided at read.
 */
export const dashboardDailySummary = pgTable(
  "dashboard_daily_summary",
  {
    /** The UTC day the calls started on, as the raw queries' `started_at` ranges count them. */
    day: date("day", { mode: "string" }).notNull(),
    countryCode: text("country_code").notNull(),
    status: text("status").$type<CallStatus>().notNull(),
    /** The gate's refusal reason, "" for a call the gate let through (a key column cannot be null). */
    refusalReason: text("refusal_reason").notNull(),
    calls: integer("calls").notNull().default(0),
    answered: integer("answered").notNull().default(0),
    billedMinutes: integer("billed_minutes").notNull().default(0),
    revenue: numeric("revenue", { precision: 18, scale: 4 }).notNull().default("0"),
    carrierCost: numeric("carrier_cost", { precision: 18, scale: 4 }).notNull().default("0"),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratedCalls: integer("rated_calls").notNull().default(0),
    measuredCalls: integer("measured_calls").notNull().default(0),
    goodCalls: integer("good_calls").notNull().default(0),
    fairCalls: integer("fair_calls").notNull().default(0),
    poorCalls: integer("poor_calls").notNull().default(0),
    /** Exact sums of the device's figures (numeric, so a figure taken out again leaves no rounding behind). */
    rttSum: numeric("rtt_sum").notNull().default("0"),
    rttCalls: integer("rtt_calls").notNull().default(0),
    jitterSum: numeric("jitter_sum").notNull().default("0"),
    jitterCalls: integer("jitter_calls").notNull().default(0),
    packetLossSum: numeric("packet_loss_sum").notNull().default("0"),
    packetLossCalls: integer("packet_loss_calls").notNull().default(0),
  },
  (table) => [
    primaryKey({ name: "dashboard_daily_summary_pkey", columns: [table.day, table.countryCode, table.status, table.refusalReason] }),
  ],
);
