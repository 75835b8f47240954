import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { CALL_HISTORY_PAGE_SIZE, FINAL_CALL_STATUSES, type CallLog, type CallQuality, type CallStatus } from "../../../shared/api/calls";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import { pageOf, pageWindow, type PageRequest } from "../../../shared/api/paging";
import type { Executor } from "../../db/client";
import { callLogs } from "../../db/schema/calls";
import { AppError, notFound } from "../../http/app-error";
import { changeCountedCall } from "../admin/dashboard/daily-summary";

/** The history filter as the contract's query gives it: UTC days and one status. */
export interface HistoryFilter {
  from?: string | undefined;
  to?: string | undefined;
  status?: CallStatus | undefined;
}

const DAY_MS = 86_400_000;

/**
 * The customer's own calls under a filter. Every query of this module starts here, so
 * `user_id = me` can never be forgotten: another customer's call is simply not found.
 */
function ownedUnder(userId: string, filter: HistoryFilter): SQL {
  return and(eq(callLogs.userId, userId), ...historyConditions(filter)) as SQL;
}

/**
 * The day range and status of a filter as conditions on call_logs, shared with the back
 * office's view of every customer's calls. `to` is a whole day: calls started before the
 * next midnight (UTC) count.
 */
export function historyConditions(filter: HistoryFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(gte(callLogs.startedAt, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to) conditions.push(lt(callLogs.startedAt, new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + DAY_MS)));
  if (filter.status) conditions.push(eq(callLogs.status, filter.status));
  return conditions;
}

type CallRow = typeof callLogs.$inferSelect;

/** Numeric columns come back as the engine writes them; the wire wants exactly 4 decimals. */
const money4 = (value: string) => moneyToDecimal(parseMoney(value));

export function toCallLog(row: CallRow): CallLog {
  return {
    id: row.id,
    callSid: row.callSid,
    direction: row.direction,
    toNumber: row.toNumber,
    fromNumber: row.fromNumber,
    countryCode: row.countryCode,
    ratePerMin: money4(row.ratePerMin),
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    durationSeconds: row.durationSeconds,
    billedMinutes: row.billedMinutes,
    costUsd: money4(row.costUsd),
    qualityRating: row.qualityRating,
    quality: row.quality,
    credit:
      row.creditUsd !== null && row.creditReason !== null && row.creditedAt !== null
        ? { amountUsd: money4(row.creditUsd), reason: row.creditReason, note: row.creditNote, createdAt: row.creditedAt.toISOString() }
        : null,
  };
}

/** Newest first; calls started in the same instant keep one order across pages. */
export const NEWEST_FIRST = [desc(callLogs.startedAt), desc(callLogs.id)] as const;

export async function listCallHistory(db: Executor, userId: string, filter: HistoryFilter, request: PageRequest) {
  const window = pageWindow(request, CALL_HISTORY_PAGE_SIZE);
  const where = ownedUnder(userId, filter);
  const [totalsRow] = await db
    .select({
      calls: count(),
      talkSeconds: sql<string>`coalesce(sum(${callLogs.durationSeconds}), 0)::text`,
      billedMinutes: sql<string>`coalesce(sum(${callLogs.billedMinutes}), 0)::text`,
      costUsd: sql<string>`coalesce(sum(${callLogs.costUsd}), 0)::text`,
    })
    .from(callLogs)
    .where(where);
  const totals = {
    calls: Number(totalsRow?.calls ?? 0),
    talkSeconds: Number(totalsRow?.talkSeconds ?? 0),
    billedMinutes: Number(totalsRow?.billedMinutes ?? 0),
    costUsd: money4(totalsRow?.costUsd ?? "0"),
  };
  const rows = await db
    .select()
    .from(callLogs)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(window.limit)
    .offset(window.offset);
  return {
    calls: rows.map(toCallLog),
    ...pageOf(window, totals.calls),
    totals,
  };
}

/** Every call under the filter, newest first, for the CSV export (a customer's history is thousands of rows at most). */
export async function allCallHistory(db: Executor, userId: string, filter: HistoryFilter): Promise<CallLog[]> {
  const rows = await db
    .select()
    .from(callLogs)
    .where(ownedUnder(userId, filter))
    .orderBy(...NEWEST_FIRST);
  return rows.map(toCallLog);
}

const callNotFound = () => notFound("No such call.");

export async function ownCall(db: Executor, userId: string, callSid: string): Promise<CallLog> {
  const [row] = await db
    .select()
    .from(callLogs)
    .where(and(eq(callLogs.userId, userId), eq(callLogs.callSid, callSid)));
  if (!row) throw callNotFound();
  return toCallLog(row);
}

/**
 * The customer's 1-5 rating of their own call, once it has ended (a rating of a call
 * still ringing would be of nothing). Rating again replaces the earlier one.
 */
export async function rateOwnCall(db: Executor, userId: string, callSid: string, rating: number): Promise<CallLog> {
  const own = and(eq(callLogs.userId, userId), eq(callLogs.callSid, callSid));
  // The dashboard's average rating moves with it (decision 043).
  const [row] = await changeCountedCall(db, { userId, callSid }, (tx) =>
    tx
      .update(callLogs)
      .set({ qualityRating: rating })
      .where(and(own, inArray(callLogs.status, [...FINAL_CALL_STATUSES])))
      .returning(),
  );
  if (row) return toCallLog(row);
  // Nothing changed: either not the customer's call (404, as if it did not exist) or not over yet.
  await ownCall(db, userId, callSid);
  throw new AppError(409, "call_not_finished", "This call has not ended yet. Rate it once it is over.");
}

/**
 * The device's media statistics for the customer's own call. Only the quality column is
 * written: cost, duration and status come from the carrier's signed events alone.
 */
export async function reportOwnCallQuality(db: Executor, userId: string, callSid: string, quality: CallQuality): Promise<CallLog> {
  const own = and(eq(callLogs.userId, userId), eq(callLogs.callSid, callSid));
  // An ended call's media figures are in the dashboard's daily summary: they move with the report (decision 043).
  const [row] = await changeCountedCall(db, { userId, callSid }, (tx) => tx.update(callLogs).set({ quality }).where(own).returning());
  if (!row) throw callNotFound();
  return toCallLog(row);
}
