import { and, sql } from "drizzle-orm";
import { DASHBOARD_TOP_DESTINATIONS, type DashboardDay, type DashboardDestination, type DashboardOutcome } from "../../../../shared/api/admin-dashboard";
import { FINAL_CALL_STATUSES, type CallRefusal, type CallStatus } from "../../../../shared/api/calls";
import { moneyToDecimal, parseMoney } from "../../../../shared/money";
import type { Executor } from "../../../db/client";
import { callLogs } from "../../../db/schema/calls";
import { callMoney } from "./call-figures";
import { answered, outgoing, placed } from "./call-sql";
import { inPeriod, periodDays, utcDay, type DashboardRange } from "./period";

const marginOf = (revenue: string, carrierCost: string) => moneyToDecimal(parseMoney(revenue) - parseMoney(carrierCost));

/** Calls, minutes, revenue and margin per UTC day of the period, every day listed. */
export async function dailyCalls(db: Executor, range: DashboardRange): Promise<DashboardDay[]> {
  const rows = await db
    .select({
      day: utcDay(callLogs.startedAt),
      callsPlaced: sql<number>`count(*) filter (where ${placed})::int`,
      callsAnswered: sql<number>`count(*) filter (where ${placed} and ${answered})::int`,
      billedMinutes: sql<number>`coalesce(sum(${callLogs.billedMinutes}), 0)::int`,
      ...callMoney,
    })
    .from(callLogs)
    .where(and(outgoing, inPeriod(callLogs.startedAt, range)))
    .groupBy(sql`1`);
  return everyDay(range, rows);
}

export interface DayRow {
  day: string;
  callsPlaced: number;
  callsAnswered: number;
  billedMinutes: number;
  revenue: string;
  carrierCost: string;
}

/** The period's days in order, from rows for the days that had calls. */
export function everyDay(range: DashboardRange, rows: DayRow[]): DashboardDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return periodDays(range).map((day) => {
    const row = byDay.get(day);
    return {
      day,
      callsPlaced: Number(row?.callsPlaced ?? 0),
      callsAnswered: Number(row?.callsAnswered ?? 0),
      billedMinutes: Number(row?.billedMinutes ?? 0),
      revenue: moneyToDecimal(parseMoney(row?.revenue ?? "0")),
      margin: marginOf(row?.revenue ?? "0", row?.carrierCost ?? "0"),
    };
  });
}

/** The period's destinations that billed a minute, the most minutes and the best margin first. */
export async function topDestinations(db: Executor, range: DashboardRange): Promise<{ byMinutes: DashboardDestination[]; byMargin: DashboardDestination[] }> {
  const rows = await db
    .select({ countryCode: callLogs.countryCode, billedMinutes: sql<number>`sum(${callLogs.billedMinutes})::int`, ...callMoney })
    .from(callLogs)
    .where(and(outgoing, inPeriod(callLogs.startedAt, range)))
    .groupBy(callLogs.countryCode)
    .having(sql`sum(${callLogs.billedMinutes}) > 0`);
  return rankDestinations(rows);
}

/** The destinations that billed a minute, the most minutes and the best margin first. */
export function rankDestinations(rows: { countryCode: string; billedMinutes: number; revenue: string; carrierCost: string }[]): { byMinutes: DashboardDestination[]; byMargin: DashboardDestination[] } {
  const destinations = rows.map((row) => ({
    countryCode: row.countryCode,
    billedMinutes: Number(row.billedMinutes),
    revenue: moneyToDecimal(parseMoney(row.revenue)),
    margin: marginOf(row.revenue, row.carrierCost),
  }));
  // Ties go to the country code, so the order does not change between two reads.
  const byCode = (a: DashboardDestination, b: DashboardDestination) => a.countryCode.localeCompare(b.countryCode);
  return {
    byMinutes: [...destinations].sort((a, b) => b.billedMinutes - a.billedMinutes || byCode(a, b)).slice(0, DASHBOARD_TOP_DESTINATIONS),
    byMargin: [...destinations].sort((a, b) => parseMoney(b.margin) - parseMoney(a.margin) || byCode(a, b)).slice(0, DASHBOARD_TOP_DESTINATIONS),
  };
}

/** How the period's outgoing calls ended: each final status, those still live, and the gate's refusals by reason. */
export async function callOutcomes(db: Executor, range: DashboardRange): Promise<DashboardOutcome[]> {
  const rows = await db
    .select({ status: callLogs.status, refusalReason: callLogs.refusalReason, calls: sql<number>`count(*)::int` })
    .from(callLogs)
    .where(and(outgoing, inPeriod(callLogs.startedAt, range)))
    .groupBy(callLogs.status, callLogs.refusalReason);
  return foldOutcomes(rows);
}

/** Counts per status and refusal reason as the dashboard's outcomes: the live statuses as one, the most calls first. */
export function foldOutcomes(rows: { status: string; refusalReason: string | null; calls: number }[]): DashboardOutcome[] {
  const totals = new Map<string, DashboardOutcome>();
  for (const row of rows) {
    const outcome: DashboardOutcome = row.refusalReason
      ? { outcome: "refused", refusalReason: row.refusalReason as CallRefusal, calls: 0 }
      : { outcome: FINAL_CALL_STATUSES.includes(row.status as CallStatus) ? (row.status as Exclude<CallStatus, "initiated" | "ringing" | "answered">) : "live", refusalReason: null, calls: 0 };
    const key = `${outcome.outcome}:${outcome.refusalReason ?? ""}`;
    const total = totals.get(key) ?? outcome;
    total.calls += Number(row.calls);
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => b.calls - a.calls || `${a.outcome}${a.refusalReason}`.localeCompare(`${b.outcome}${b.refusalReason}`));
}
