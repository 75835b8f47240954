import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { ADMIN_CALLS_PAGE_SIZE, type AdminCall, type AdminCallFilter, type AdminCallTotals } from "../../../shared/api/admin-calls";
import { pageOf, pageWindow, type PageRequest } from "../../../shared/api/paging";
import { qualityGrade } from "../../../shared/calls/quality-grade";
import { moneyToDecimal, parseMoney, type Money } from "../../../shared/money";
import { parseCarrierRate } from "../../../shared/rates/pricing";
import type { Executor } from "../../db/client";
import { user } from "../../db/schema/auth";
import { callLogs, callStatusUpdates } from "../../db/schema/calls";
import { ledgerEntries } from "../../db/schema/credits";
import { AppError, notFound } from "../../http/app-error";
import { carrierCostOfCall } from "./carrier-cost";
import { historyConditions, NEWEST_FIRST, toCallLog } from "./history-service";

type CallRow = typeof callLogs.$inferSelect;

/**
 * The admin's filter as conditions on call_logs joined to its customer. The day range and
 * status are the history's own; the rest narrows by who and where. The email and number
 * parts arrive canonical (the endpoint's schema) and match anywhere, as plain text: strpos,
 * so a "%" or "_" typed by the admin means itself.
 */
function matching(filter: AdminCallFilter): SQL | undefined {
  const conditions = historyConditions(filter);
  if (filter.direction) conditions.push(eq(callLogs.direction, filter.direction));
  if (filter.country) conditions.push(eq(callLogs.countryCode, filter.country));
  if (filter.email) conditions.push(sql`strpos(${user.email}, ${filter.email}) > 0`);
  if (filter.number) {
    conditions.push(sql`(strpos(${callLogs.toNumber}, ${filter.number}) > 0 or strpos(coalesce(${callLogs.fromNumber}, ''), ${filter.number}) > 0)`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const HUNDRED_THOUSANDTHS_PER_MONEY = 10;

/**
 * What the carrier is estimated to charge for a call: its billed minutes at the carrier's
 * frozen rate. The rate has 5 decimals, Money 4, so the product is rounded half up to the
 * ten-thousandth, as PostgreSQL's round() does for the totals (a positive numeric).
 */
export function carrierCost(billedMinutes: number, carrierRate: string | null): Money | null {
  if (carrierRate === null) return null;
  const rate = parseCarrierRate(carrierRate);
  if (rate === null) return null;
  const hundredThousandths = billedMinutes * rate;
  return Math.floor((hundredThousandths + HUNDRED_THOUSANDTHS_PER_MONEY / 2) / HUNDRED_THOUSANDTHS_PER_MONEY);
}

function toAdminCall(row: CallRow, userEmail: string): AdminCall {
  const carrier = carrierCost(row.billedMinutes, row.carrierRate);
  return {
    ...toCallLog(row),
    userEmail,
    refusalReason: row.refusalReason,
    carrierRate: row.carrierRate === null ? null : carrierRateText(row.carrierRate),
    marginBp: row.marginBp,
    carrierCostUsd: carrier === null ? null : moneyToDecimal(carrier),
    marginUsd: carrier === null ? null : moneyToDecimal(parseMoney(row.costUsd) - carrier),
    qualityGrade: qualityGrade(row.quality),
    carrierQuality: row.carrierQuality,
  };
}

/** numeric(14,5) as the engine writes it, to exactly 5 decimals ("0.125" → "0.12500"). */
function carrierRateText(value: string): string {
  const [whole = "0", fraction = ""] = value.split(".");
  return `${whole}.${fraction.padEnd(5, "0").slice(0, 5)}`;
}


const joined = (db: Executor) => db.select({ call: callLogs, email: user.email }).from(callLogs).innerJoin(user, eq(user.id, callLogs.userId));

export async function adminCallTotals(db: Executor, filter: AdminCallFilter): Promise<AdminCallTotals> {
  const [row] = await db
    .select({
      calls: count(),
      talkSeconds: sql<string>`coalesce(sum(${callLogs.durationSeconds}), 0)::text`,
      billedMinutes: sql<string>`coalesce(sum(${callLogs.billedMinutes}), 0)::text`,
      revenue: sql<string>`coalesce(sum(${callLogs.costUsd}), 0)::text`,
      // Each call rounded as its row shows it, so the rows add up to the total.
      carrierCost: sql<string>`coalesce(sum(${carrierCostOfCall}), 0)::text`,
    })
    .from(callLogs)
    .innerJoin(user, eq(user.id, callLogs.userId))
    .where(matching(filter));
  const revenue = parseMoney(row?.revenue ?? "0");
  const carrier = parseMoney(row?.carrierCost ?? "0");
  return {
    calls: Number(row?.calls ?? 0),
    talkSeconds: Number(row?.talkSeconds ?? 0),
    billedMinutes: Number(row?.billedMinutes ?? 0),
    revenueUsd: moneyToDecimal(revenue),
    carrierCostUsd: moneyToDecimal(carrier),
    marginUsd: moneyToDecimal(revenue - carrier),
  };
}

export async function listAdminCalls(db: Executor, filter: AdminCallFilter, request: PageRequest) {
  const window = pageWindow(request, ADMIN_CALLS_PAGE_SIZE);
  const totals = await adminCallTotals(db, filter);
  const rows = await joined(db)
    .where(matching(filter))
    .orderBy(...NEWEST_FIRST)
    .limit(window.limit)
    .offset(window.offset);
  return {
    calls: rows.map((row) => toAdminCall(row.call, row.email)),
    ...pageOf(window, totals.calls),
    totals,
  };
}

/**
 * The most rows one export writes. A ceiling keeps one request from reading the whole table
 * into memory; a filter that finds more is refused with a clear answer, never cut short silently.
 */
export const ADMIN_CALLS_EXPORT_LIMIT = 50_000;

export async function allAdminCalls(db: Executor, filter: AdminCallFilter, limit = ADMIN_CALLS_EXPORT_LIMIT): Promise<AdminCall[]> {
  const rows = await joined(db)
    .where(matching(filter))
    .orderBy(...NEWEST_FIRST)
    .limit(limit + 1);
  if (rows.length > limit) {
    throw new AppError(422, "export_too_large", `More than ${limit} calls match. Narrow the days or filters to export them.`);
  }
  return rows.map((row) => toAdminCall(row.call, row.email));
}

export async function adminCallDetail(db: Executor, callSid: string) {
  const [row] = await joined(db).where(eq(callLogs.callSid, callSid));
  if (!row) throw notFound("No such call.");
  const updates = await db
    .select()
    .from(callStatusUpdates)
    .where(eq(callStatusUpdates.callSid, callSid))
    .orderBy(asc(callStatusUpdates.receivedAt), asc(callStatusUpdates.id));
  const [ledger] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, "call"), eq(ledgerEntries.reference, callSid)));
  return {
    call: toAdminCall(row.call, row.email),
    statusUpdates: updates.map((update) => ({
      id: update.id,
      status: update.status,
      talkDurationSeconds: update.talkDurationSeconds,
      receivedAt: update.receivedAt.toISOString(),
    })),
    ledgerEntry: ledger
      ? {
          id: ledger.id,
          kind: ledger.kind,
          amount: moneyToDecimal(parseMoney(ledger.amount)),
          balanceAfter: moneyToDecimal(parseMoney(ledger.balanceAfter)),
          createdAt: ledger.createdAt.toISOString(),
        }
      : null,
  };
}
