import { and, eq, sql, type SQL } from "drizzle-orm";
import { MOS_LIMITS, QUALITY_LIMITS } from "../../../../shared/calls/quality-grade";
import type { Executor } from "../../../db/client";
import { callLogs } from "../../../db/schema/calls";
import { carrierCostOfCall } from "../../calls/admin-service";
import { inBothPeriods, inPeriod, type DashboardRange } from "./period";

/**
 * The dashboard's call figures (decision 038). Only outgoing calls count: incoming ones are
 * never charged. A call belongs to the UTC day it started on, as in the history and the
 * calls page. "Placed" is a call the gate let through (a refusal never rang anyone); a
 * customer is active when they placed one; the answer rate is answered over placed.
 */
export const outgoing = eq(callLogs.direction, "outbound");
export const placed = sql`${callLogs.refusalReason} is null`;
export const answered = sql`${callLogs.answeredAt} is not null`;

const money = (sum: SQL) => sql<string>`coalesce(${sum}, 0)::text`;
export const callMoney = {
  revenue: money(sql`sum(${callLogs.costUsd})`),
  carrierCost: money(sql`sum(${carrierCostOfCall})`),
};

/** 0 good, 1 fair, 2 poor for one measured figure; null when the device did not measure it. */
function rank(field: "rttMs" | "jitterMs" | "packetLoss"): SQL {
  const value = sql`(${callLogs.quality} ->> ${sql.raw(`'${field}'`)})::float8`;
  const limit = QUALITY_LIMITS[field];
  return sql`case when ${value} is null then null when ${value} <= ${sql.raw(String(limit.good))} then 0 when ${value} > ${sql.raw(String(limit.poor))} then 2 else 1 end`;
}
const mos = sql`(${callLogs.quality} ->> 'mos')::float8`;
const mosRank = sql`case when ${mos} is null then null when ${mos} >= ${sql.raw(String(MOS_LIMITS.good))} then 0 when ${mos} < ${sql.raw(String(MOS_LIMITS.poor))} then 2 else 1 end`;
/** A call's grade is its worst measured figure, as qualityGrade() says; greatest() skips the nulls. */
const grade = sql`greatest(${rank("rttMs")}, ${rank("jitterMs")}, ${rank("packetLoss")}, ${mosRank})`;
const measured = (field: string) => sql`(${callLogs.quality} ->> ${sql.raw(`'${field}'`)})::float8`;

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
 * Both periods' call figures from one scan of the calls that started in either: each row is first
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
  const customers = db
    .select({ current: inPeriod(callLogs.startedAt, range).as("current"), userId: callLogs.userId })
    .from(callLogs)
    .where(and(both, placed))
    .groupBy(sql`1`, callLogs.userId)
    .as("customers");
  const active = await db.select({ current: sql<boolean>`${customers.current}`, count: sql<number>`count(*)::int` }).from(customers).groupBy(customers.current);
  const result = { current: EMPTY, previous: EMPTY };
  for (const row of rows) {
    result[row.current ? "current" : "previous"] = {
      activeCustomers: Number(active.find((item) => item.current === row.current)?.count ?? 0),
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
