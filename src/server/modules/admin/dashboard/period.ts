import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AdminDashboardQuery } from "../../../../shared/api/admin-dashboard";

const DAY_MS = 86_400_000;

/**
 * A dashboard period and the one before it, as half-open time ranges of whole UTC days:
 * `start` is the first day's midnight, `end` the midnight after the last day. The previous
 * period has the same number of days and ends where this one starts (decision 038).
 */
export interface DashboardRange {
  from: string;
  to: string;
  days: number;
  start: Date;
  end: Date;
  previousFrom: string;
  previousTo: string;
  previousStart: Date;
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const midnight = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** Today, the last 7 or 30 days (today included) or the admin's own days, by the UTC calendar. */
export function dashboardRange(query: AdminDashboardQuery, now = new Date()): DashboardRange {
  const today = dayOf(now.getTime());
  const custom = query.period === "custom" && query.from && query.to ? { from: query.from, to: query.to } : null;
  const length = query.period === "today" ? 1 : query.period === "30d" ? 30 : 7;
  const to = custom?.to ?? today;
  const from = custom?.from ?? dayOf(midnight(today) - (length - 1) * DAY_MS);
  const start = midnight(from);
  const end = midnight(to) + DAY_MS;
  const days = Math.round((end - start) / DAY_MS);
  const previousStart = start - days * DAY_MS;
  return {
    from,
    to,
    days,
    start: new Date(start),
    end: new Date(end),
    previousFrom: dayOf(previousStart),
    previousTo: dayOf(start - DAY_MS),
    previousStart: new Date(previousStart),
  };
}

const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

/** `column` within this period. */
export const inPeriod = (column: SQLWrapper, range: DashboardRange): SQL => sql`(${column} >= ${at(range.start)} and ${column} < ${at(range.end)})`;

/** `column` within the period before this one. */
export const inPreviousPeriod = (column: SQLWrapper, range: DashboardRange): SQL => sql`(${column} >= ${at(range.previousStart)} and ${column} < ${at(range.start)})`;

/** `column` within this period or the one before: what one scan reads for both. */
export const inBothPeriods = (column: SQLWrapper, range: DashboardRange): SQL =>
  sql`(${column} >= ${at(range.previousStart)} and ${column} < ${at(range.end)})`;

/** 'current' or 'previous' for a row read by `inBothPeriods`, grouped on by position (group by 1). */
export const whichPeriod = (column: SQLWrapper, range: DashboardRange): SQL<"current" | "previous"> =>
  sql<"current" | "previous">`case when ${column} >= ${at(range.start)} then 'current' else 'previous' end`;

/** The UTC day of a timestamp, as YYYY-MM-DD text. */
export const utcDay = (column: SQLWrapper): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Every day of the period, so a chart shows the days nothing happened too. */
export function periodDays(range: DashboardRange): string[] {
  return Array.from({ length: range.days }, (_, index) => dayOf(range.start.getTime() + index * DAY_MS));
}
