import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { user } from "../../../db/schema/auth";
import { callLogs } from "../../../db/schema/calls";
import { creditBalances } from "../../../db/schema/credits";
import { payments } from "../../../db/schema/payments";
import { paymentRefunds } from "../../../db/schema/refunds";
import { moneyCameIn } from "../../payments/admin-payments-list";
import { inBothPeriods, whichPeriod, type DashboardRange } from "./period";

type Both<T> = Record<"current" | "previous", T>;

/**
 * Credit sold: what customers paid for the payments created in the period whose money came in
 * (the payments page's "paid"); refunds: money given back by the refunds that went through in
 * the period, on the day they did (decision 038).
 */
export async function moneyFigures(db: Executor, range: DashboardRange): Promise<Both<{ creditSold: string; purchases: number; refunds: string }>> {
  const sold = await db
    .select({
      period: whichPeriod(payments.createdAt, range),
      creditSold: sql<string>`coalesce(sum(${payments.amountUsd}), 0)::text`,
      purchases: sql<number>`count(*)::int`,
    })
    .from(payments)
    .where(and(moneyCameIn, inBothPeriods(payments.createdAt, range)))
    .groupBy(sql`1`);
  const refunded = await db
    .select({ period: whichPeriod(paymentRefunds.completedAt, range), refunds: sql<string>`coalesce(sum(${paymentRefunds.amountUsd}), 0)::text` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, "succeeded"), inBothPeriods(paymentRefunds.completedAt, range)))
    .groupBy(sql`1`);
  const figures = (period: "current" | "previous") => {
    const row = sold.find((item) => item.period === period);
    return {
      creditSold: row?.creditSold ?? "0",
      purchases: Number(row?.purchases ?? 0),
      refunds: refunded.find((item) => item.period === period)?.refunds ?? "0",
    };
  };
  return { current: figures("current"), previous: figures("previous") };
}

/** Customers' accounts (not admins') created in each period. */
export async function signUps(db: Executor, range: DashboardRange): Promise<Both<number>> {
  const rows = await db
    .select({ period: whichPeriod(user.createdAt, range), count: sql<number>`count(*)::int` })
    .from(user)
    .where(and(eq(user.role, "user"), inBothPeriods(user.createdAt, range)))
    .groupBy(sql`1`);
  const count = (period: "current" | "previous") => Number(rows.find((row) => row.period === period)?.count ?? 0);
  return { current: count("current"), previous: count("previous") };
}

/** What we owe customers in unused credit now: the sum of every balance. */
export async function outstandingBalance(db: Executor): Promise<string> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${creditBalances.balance}), 0)::text` }).from(creditBalances);
  return row?.total ?? "0";
}

export interface CreditedBack {
  total: string;
  manual: string;
  shortCall: string;
  poorQuality: string;
}

/**
 * What was given back for broken calls in each period, on the day it was credited, and why: by an
 * admin, by the policy for a call too short, or for poor quality the carrier measured (decision 041).
 */
export async function creditedBack(db: Executor, range: DashboardRange): Promise<Both<CreditedBack>> {
  const rows = await db
    .select({
      period: whichPeriod(callLogs.creditedAt, range),
      total: sql<string>`coalesce(sum(${callLogs.creditUsd}), 0)::text`,
      manual: sql<string>`coalesce(sum(${callLogs.creditUsd}) filter (where ${callLogs.creditReason} = 'manual'), 0)::text`,
      shortCall: sql<string>`coalesce(sum(${callLogs.creditUsd}) filter (where ${callLogs.creditReason} = 'short_call'), 0)::text`,
      poorQuality: sql<string>`coalesce(sum(${callLogs.creditUsd}) filter (where ${callLogs.creditReason} = 'poor_quality'), 0)::text`,
    })
    .from(callLogs)
    .where(inBothPeriods(callLogs.creditedAt, range))
    .groupBy(sql`1`);
  const of = (period: "current" | "previous"): CreditedBack => {
    const row = rows.find((item) => item.period === period);
    return { total: row?.total ?? "0", manual: row?.manual ?? "0", shortCall: row?.shortCall ?? "0", poorQuality: row?.poorQuality ?? "0" };
  };
  return { current: of("current"), previous: of("previous") };
}
