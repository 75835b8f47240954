import { and, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { FINAL_CALL_STATUSES, type CallStatus } from "../../../../shared/api/calls";
import type { Executor } from "../../../db/client";
import { callLogs } from "../../../db/schema/calls";
import { dashboardDailySummary } from "../../../db/schema/dashboard";
import { carrierCostOfCall } from "../../calls/carrier-cost";
import { LIVE_CALL_STATUSES } from "../../calls/call-status";
import { answered, grade, outgoing } from "./call-sql";

/**
 * The daily summary's key and sums over call_logs rows (decision 043), as aggregates so one
 * expression serves a single call (settlement), the calls still live (read beside the summary)
 * and every ended call (the migration's backfill says the same in SQL). The quality grade and the
 * carrier cost are the raw queries' own expressions, so the summary cannot grade or round otherwise.
 */
export const summaryKey = {
  /** The UTC day the call started on: a call that ends after midnight stays on the day it began. */
  day: sql<string>`(${callLogs.startedAt} at time zone 'UTC')::date`.as("day"),
  countryCode: sql<string>`${callLogs.countryCode}`.as("country_code"),
  status: sql<CallStatus>`${callLogs.status}`.as("status"),
  refusalReason: sql<string>`coalesce(${callLogs.refusalReason}, '')`.as("refusal_reason"),
};

const figure = (field: string) => sql`(${callLogs.quality} ->> ${sql.raw(`'${field}'`)})::numeric`;

/** Each summary column's sum over some call_logs rows, times `sign` (-1 takes calls out again). */
export function summarySums(sign: 1 | -1 = 1) {
  const times = (sum: SQL) => (sign === 1 ? sum : sql`-(${sum})`);
  const count = (name: string, where?: SQL) => sql<number>`${times(where ? sql`count(*) filter (where ${where})` : sql`count(*)`)}::int`.as(name);
  const counted = (name: string, value: SQL) => sql<number>`${times(sql`count(${value})`)}::int`.as(name);
  const whole = (name: string, value: SQL) => sql<number>`${times(sql`coalesce(sum(${value}), 0)`)}::int`.as(name);
  const exact = (name: string, value: SQL) => sql<string>`${times(sql`coalesce(sum(${value}), 0)`)}::numeric`.as(name);
  return {
    calls: count("calls"),
    answered: count("answered", answered),
    billedMinutes: whole("billed_minutes", sql`${callLogs.billedMinutes}`),
    revenue: exact("revenue", sql`${callLogs.costUsd}`),
    carrierCost: exact("carrier_cost", carrierCostOfCall),
    ratingSum: whole("rating_sum", sql`${callLogs.qualityRating}`),
    ratedCalls: counted("rated_calls", sql`${callLogs.qualityRating}`),
    measuredCalls: counted("measured_calls", grade),
    goodCalls: count("good_calls", sql`${grade} = 0`),
    fairCalls: count("fair_calls", sql`${grade} = 1`),
    poorCalls: count("poor_calls", sql`${grade} = 2`),
    rttSum: exact("rtt_sum", figure("rttMs")),
    rttCalls: counted("rtt_calls", figure("rttMs")),
    jitterSum: exact("jitter_sum", figure("jitterMs")),
    jitterCalls: counted("jitter_calls", figure("jitterMs")),
    packetLossSum: exact("packet_loss_sum", figure("packetLoss")),
    packetLossCalls: counted("packet_loss_calls", figure("packetLoss")),
  };
}

const KEY_COLUMNS: readonly string[] = ["day", "countryCode", "status", "refusalReason"];
/** The summary's summed columns: every column but the key. */
const SUMMED = (Object.keys(getTableColumns(dashboardDailySummary)) as (keyof typeof dashboardDailySummary.$inferSelect)[]).filter((key) => !KEY_COLUMNS.includes(key));
const ended = and(outgoing, inArray(callLogs.status, [...FINAL_CALL_STATUSES]));
export const live = and(outgoing, inArray(callLogs.status, [...LIVE_CALL_STATUSES]));

/**
 * Adds the calls `which` picks (or takes them out, sign -1) to their days' rows, when they are
 * outgoing and ended: an upsert whose conflict adds to what is there, so two servers settling
 * calls of the same day and destination at once both count (the second waits for the first's row).
 */
async function addToSummary(tx: Executor, which: SQL | undefined, sign: 1 | -1): Promise<void> {
  const rows = tx
    .select({ ...summaryKey, ...summarySums(sign) })
    .from(callLogs)
    .where(and(ended, which))
    .groupBy(sql`1`, sql`2`, sql`3`, sql`4`);
  await tx
    .insert(dashboardDailySummary)
    .select(rows)
    .onConflictDoUpdate({
      target: [dashboardDailySummary.day, dashboardDailySummary.countryCode, dashboardDailySummary.status, dashboardDailySummary.refusalReason],
      set: Object.fromEntries(SUMMED.map((key) => [key, sql`${dashboardDailySummary[key]} + excluded.${sql.identifier(dashboardDailySummary[key].name)}`])),
    });
}

/** A call has just become final (settled, or refused at the gate): count it, in the same transaction. */
export const countEndedCall = (tx: Executor, callId: string) => addToSummary(tx, eq(callLogs.id, callId), 1);

/**
 * Changes a counted field of a call (its rating, the device's media report) and moves its figures
 * with it: takes the call out of the summary, lets `change` write it, and adds it back, in one
 * transaction on the call's locked row, so a settlement or a second change in between waits rather
 * than counting twice. A call still live (or not this customer's) is in no summary row, and nothing moves for it.
 */
export async function changeCountedCall<T>(db: Executor, call: { userId: string; callSid: string }, change: (tx: Executor) => Promise<T>): Promise<T> {
  const which = and(eq(callLogs.userId, call.userId), eq(callLogs.callSid, call.callSid));
  return db.transaction(async (tx) => {
    await tx.select({ id: callLogs.id }).from(callLogs).where(which).for("update");
    await addToSummary(tx, which, -1);
    const result = await change(tx);
    await addToSummary(tx, which, 1);
    return result;
  });
}
