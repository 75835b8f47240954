import { and, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { callLogs } from "../../../db/schema/calls";
import { carrierCostOfCall } from "../../calls/carrier-cost";
import { answered, grade, measured, outgoing, placed } from "./call-sql";
import { inBothPeriods, inPeriod, inPreviousPeriod, type DashboardRange } from "./period";

const money = (sum: SQL) => sql<string>`coalesce(${sum}, 0)::text`;
export const callMoney = {
  revenue: money(sql`sum(${callLogs.costUsd})`),
  carrierCost: money(sql`sum(${carrierCostOfCall})`),
};

export interface CallFigures {
  activeCustomers: number;
  callsPlaced: number;
  callsAnswered: number;
  billedMinutes: number;
  revenue: string;
  carrierCost: string;
  averageRating: number | null;
  ratedCalls: number;
  quality: { measuredCalls: number; good: number; fair: number; poor: number; averageRttMs: number | null; averageJitterMs: number | null; averagePacketLoss: number | null };
}

const EMPTY: CallFigures = {
  activeCustomers: 0,
  callsPlaced: 0,
  callsAnswered: 0,
  billedMinutes: 0,
  revenue: "0",
  carrierCost: "0",
  averageRating: null,
  ratedCalls: 0,
  quality: { measuredCalls: 0, good: 0, fair: 0, poor: 0, averageRttMs: null, averageJitterMs: null, averagePacketLoss: null },
};

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Both periods' call figures straight from call_logs: the reference the daily summary's figures
 * (summary-figures.ts, what the route serves) are tested against (decision 043). One scan of the
 * calls that started in either period: each row is first
 * narrowed to what the sums need (the quality grade worked out once) and grouped on a boolean, which
 * the planner knows has two values, so it hashes rather than sorting every call; the active
 * customers are counted apart, distinct per period by hashing.
 */
export async function callFigures(db: Executor, range: DashboardRange): Promise<Record<"current" | "previous", CallFigures>> {
  const both = and(outgoing, inBothPeriods(callLogs.startedAt, range));
  const calls = db
    .select({
      current: inPeriod(callLogs.startedAt, range).as("current"),
      placed: sql<boolean>`${placed}`.as("placed"),
      answered: sql<boolean>`${placed} and ${answered}`.as("answered"),
      billedMinutes: callLogs.billedMinutes,
      costUsd: callLogs.costUsd,
      carrierCost: sql<string>`${carrierCostOfCall}`.as("carrier_cost"),
      rating: callLogs.qualityRating,
      grade: sql<number | null>`${grade}`.as("grade"),
      rttMs: sql<number | null>`${measured("rttMs")}`.as("rtt_ms"),
      jitterMs: sql<number | null>`${measured("jitterMs")}`.as("jitter_ms"),
      packetLoss: sql<number | null>`${measured("packetLoss")}`.as("packet_loss"),
    })
    .from(callLogs)
    .where(both)
    .as("calls");
  const rows = await db
    .select({
      current: sql<boolean>`${calls.current}`,
      callsPlaced: sql<number>`count(*) filter (where ${calls.placed})::int`,
      callsAnswered: sql<number>`count(*) filter (where ${calls.answered})::int`,
      billedMinutes: sql<number>`coalesce(sum(${calls.billedMinutes}), 0)::int`,
      revenue: money(sql`sum(${calls.costUsd})`),
      carrierCost: money(sql`sum(${calls.carrierCost})`),
      averageRating: sql<number | null>`avg(${calls.rating})::float8`,
      ratedCalls: sql<number>`count(${calls.rating})::int`,
      measuredCalls: sql<number>`count(${calls.grade})::int`,
      good: sql<number>`count(*) filter (where ${calls.grade} = 0)::int`,
      fair: sql<number>`count(*) filter (where ${calls.grade} = 1)::int`,
      poor: sql<number>`count(*) filter (where ${calls.grade} = 2)::int`,
      averageRttMs: sql<number | null>`avg(${calls.rttMs})`,
      averageJitterMs: sql<number | null>`avg(${calls.jitterMs})`,
      averagePacketLoss: sql<number | null>`avg(${calls.packetLoss})`,
    })
    .from(calls)
    .groupBy(calls.current);
  return toCallFigures(rows, await activeCustomers(db, range));
}

/**
 * The customers who placed a call in each period, distinct by hashing, each period in its own statement so
 * the two run side by side on the pool with half the rows each. Only the placed calls' (started_at, user_id)
 * are read, from call_logs_placed_by_day_idx alone (decision 043); a distinct count cannot be added up from
 * days, so this is the one call figure not in the daily summary.
 */
export async function activeCustomers(db: Executor, range: DashboardRange): Promise<Record<"current" | "previous", number>> {
  const count = async (within: SQL) => {
    const customers = db.select({ userId: callLogs.userId }).from(callLogs).where(and(outgoing, within, placed)).groupBy(callLogs.userId).as("customers");
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(customers);
    return Number(row?.count ?? 0);
  };
  const [current, previous] = await Promise.all([count(inPeriod(callLogs.startedAt, range)), count(inPreviousPeriod(callLogs.startedAt, range))]);
  return { current, previous };
}

/** A period's sums, as one row per period read them: the figures but the active customers, quality flattened. */
export type CallFigureRow = { current: boolean } & Omit<CallFigures, "activeCustomers" | "quality"> & CallFigures["quality"];

/** Both periods' figures from their rows (a period without calls has none) and their active customers. */
export function toCallFigures(rows: CallFigureRow[], active: Record<"current" | "previous", number>): Record<"current" | "previous", CallFigures> {
  const result = { current: EMPTY, previous: EMPTY };
  for (const row of rows) {
    const period = row.current ? "current" : "previous";
    result[period] = {
      activeCustomers: active[period],
      callsPlaced: Number(row.callsPlaced),
      callsAnswered: Number(row.callsAnswered),
      billedMinutes: Number(row.billedMinutes),
      revenue: row.revenue,
      carrierCost: row.carrierCost,
      averageRating: nullableNumber(row.averageRating),
      ratedCalls: Number(row.ratedCalls),
      quality: {
        measuredCalls: Number(row.measuredCalls),
        good: Number(row.good),
        fair: Number(row.fair),
        poor: Number(row.poor),
        averageRttMs: nullableNumber(row.averageRttMs),
        averageJitterMs: nullableNumber(row.averageJitterMs),
        averagePacketLoss: nullableNumber(row.averagePacketLoss),
      },
    };
  }
  return result;
}
