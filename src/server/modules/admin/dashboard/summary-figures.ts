import { and, getTableColumns, gte, lt, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { DashboardDay, DashboardDestination, DashboardOutcome } from "../../../../shared/api/admin-dashboard";
import type { Executor } from "../../../db/client";
import { callLogs } from "../../../db/schema/calls";
import { dashboardDailySummary as summary } from "../../../db/schema/dashboard";
import { everyDay, foldOutcomes, rankDestinations } from "./call-breakdowns";
import { activeCustomers, toCallFigures, type CallFigures } from "./call-figures";
import { live, summaryKey, summarySums } from "./daily-summary";
import { inBothPeriods, type DashboardRange } from "./period";

const dayOf = (moment: Date) => sql`${moment.toISOString().slice(0, 10)}::date`;

/**
 * The rows the dashboard's call figures add up (decision 043): the daily summary's rows for the days
 * of both periods (the ended calls) and beside them the calls still live, summed the same way from
 * call_logs (few, through call_logs_live_idx). One statement reads both, so a call that settles
 * meanwhile is counted once: live in the snapshot before, ended in the one after.
 */
function summaryDays(db: Executor, range: DashboardRange) {
  const ended = db
    .select(getTableColumns(summary))
    .from(summary)
    .where(and(gte(summary.day, sql`${dayOf(range.previousStart)}`), lt(summary.day, sql`${dayOf(range.end)}`)));
  const stillLive = db
    .select({ ...summaryKey, ...summarySums() })
    .from(callLogs)
    .where(and(live, inBothPeriods(callLogs.startedAt, range)))
    .groupBy(sql`1`, sql`2`, sql`3`, sql`4`);
  return unionAll(ended, stillLive).as("days");
}

const total = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::int`;
const money = (column: unknown) => sql<string>`coalesce(sum(${column}), 0)::text`;
const average = (sum: unknown, count: unknown) => sql<number | null>`(sum(${sum}) / nullif(sum(${count}), 0))::float8`;

/** Both periods' call figures: the summary's sums per period, and the active customers from call_logs' index. */
export async function summaryCallFigures(db: Executor, range: DashboardRange): Promise<Record<"current" | "previous", CallFigures>> {
  const days = summaryDays(db, range);
  const placed = sql`${days.refusalReason} = ''`;
  const [rows, active] = await Promise.all([
    db
      .select({
        current: sql<boolean>`${days.day} >= ${dayOf(range.start)}`,
        callsPlaced: sql<number>`coalesce(sum(${days.calls}) filter (where ${placed}), 0)::int`,
        callsAnswered: sql<number>`coalesce(sum(${days.answered}) filter (where ${placed}), 0)::int`,
        billedMinutes: total(days.billedMinutes),
        revenue: money(days.revenue),
        carrierCost: money(days.carrierCost),
        averageRating: average(days.ratingSum, days.ratedCalls),
        ratedCalls: total(days.ratedCalls),
        measuredCalls: total(days.measuredCalls),
        good: total(days.goodCalls),
        fair: total(days.fairCalls),
        poor: total(days.poorCalls),
        averageRttMs: average(days.rttSum, days.rttCalls),
        averageJitterMs: average(days.jitterSum, days.jitterCalls),
        averagePacketLoss: average(days.packetLossSum, days.packetLossCalls),
      })
      .from(days)
      // A day whose calls were all taken out again (none can be, but a zero row is no period's figures).
      .where(sql`${days.calls} > 0`)
      .groupBy(sql`1`),
    activeCustomers(db, range),
  ]);
  return toCallFigures(rows, active);
}

const inThisPeriod = (days: ReturnType<typeof summaryDays>, range: DashboardRange) => and(sql`${days.calls} > 0`, gte(days.day, sql`${dayOf(range.start)}`));

/** Calls, minutes, revenue and margin per UTC day of the period, every day listed. */
export async function summaryDailyCalls(db: Executor, range: DashboardRange): Promise<DashboardDay[]> {
  const days = summaryDays(db, range);
  const rows = await db
    .select({
      day: sql<string>`to_char(${days.day}, 'YYYY-MM-DD')`,
      callsPlaced: sql<number>`coalesce(sum(${days.calls}) filter (where ${days.refusalReason} = ''), 0)::int`,
      callsAnswered: sql<number>`coalesce(sum(${days.answered}) filter (where ${days.refusalReason} = ''), 0)::int`,
      billedMinutes: total(days.billedMinutes),
      revenue: money(days.revenue),
      carrierCost: money(days.carrierCost),
    })
    .from(days)
    .where(inThisPeriod(days, range))
    .groupBy(sql`1`);
  return everyDay(range, rows);
}

/** The period's destinations that billed a minute, the most minutes and the best margin first. */
export async function summaryTopDestinations(db: Executor, range: DashboardRange): Promise<{ byMinutes: DashboardDestination[]; byMargin: DashboardDestination[] }> {
  const days = summaryDays(db, range);
  const rows = await db
    .select({ countryCode: days.countryCode, billedMinutes: total(days.billedMinutes), revenue: money(days.revenue), carrierCost: money(days.carrierCost) })
    .from(days)
    .where(inThisPeriod(days, range))
    .groupBy(days.countryCode)
    .having(sql`sum(${days.billedMinutes}) > 0`);
  return rankDestinations(rows);
}

/** How the period's outgoing calls ended, from the summary's statuses and refusal reasons. */
export async function summaryCallOutcomes(db: Executor, range: DashboardRange): Promise<DashboardOutcome[]> {
  const days = summaryDays(db, range);
  const rows = await db
    .select({ status: days.status, refusalReason: sql<string | null>`nullif(${days.refusalReason}, '')`, calls: total(days.calls) })
    .from(days)
    .where(inThisPeriod(days, range))
    .groupBy(days.status, days.refusalReason);
  return foldOutcomes(rows);
}
