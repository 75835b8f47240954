import type { AdminDashboard, AdminDashboardQuery, DashboardFigures } from "../../../../shared/api/admin-dashboard";
import { moneyToDecimal, parseMoney } from "../../../../shared/money";
import type { Executor } from "../../../db/client";
import type { CallFigures } from "./call-figures";
import { latestCalls, latestPayments, openSupport } from "./latest";
import { creditedBack, moneyFigures, outstandingBalance, signUps, type CreditedBack } from "./money-figures";
import { dashboardRange } from "./period";
import { summaryCallFigures, summaryCallOutcomes, summaryDailyCalls, summaryTopDestinations } from "./summary-figures";

const money4 = (value: string) => moneyToDecimal(parseMoney(value));

function figures(calls: CallFigures, money: { creditSold: string; purchases: number; refunds: string }, signUpCount: number, credits: CreditedBack): DashboardFigures {
  const revenue = parseMoney(calls.revenue);
  const carrierCost = parseMoney(calls.carrierCost);
  return {
    signUps: signUpCount,
    activeCustomers: calls.activeCustomers,
    callsPlaced: calls.callsPlaced,
    callsAnswered: calls.callsAnswered,
    answerRate: calls.callsPlaced === 0 ? null : calls.callsAnswered / calls.callsPlaced,
    billedMinutes: calls.billedMinutes,
    revenue: moneyToDecimal(revenue),
    carrierCost: moneyToDecimal(carrierCost),
    margin: moneyToDecimal(revenue - carrierCost),
    creditSold: moneyToDecimal(parseMoney(money.creditSold)),
    purchases: money.purchases,
    refunds: moneyToDecimal(parseMoney(money.refunds)),
    creditedBack: money4(credits.total),
    creditedBackBy: { manual: money4(credits.manual), shortCall: money4(credits.shortCall), poorQuality: money4(credits.poorQuality) },
    averageRating: calls.averageRating,
    ratedCalls: calls.ratedCalls,
    quality: calls.quality,
  };
}

/**
 * Everything the dashboard shows, each family from its own query; the call figures from the
 * daily summary (decision 043). On PostgreSQL the queries run side by side on the pool's
 * connections; PGlite has one and takes them in turn.
 */
export async function adminDashboardFigures(db: Executor, query: AdminDashboardQuery, now = new Date()): Promise<AdminDashboard> {
  const range = dashboardRange(query, now);
  const [calls, money, accounts, balance, daily, destinations, outcomes, calls8, payments8, support8, credits] = await Promise.all([
    summaryCallFigures(db, range),
    moneyFigures(db, range),
    signUps(db, range),
    outstandingBalance(db),
    summaryDailyCalls(db, range),
    summaryTopDestinations(db, range),
    summaryCallOutcomes(db, range),
    latestCalls(db),
    latestPayments(db),
    openSupport(db),
    creditedBack(db, range),
  ]);
  return {
    period: { from: range.from, to: range.to, days: range.days, previousFrom: range.previousFrom, previousTo: range.previousTo },
    current: figures(calls.current, money.current, accounts.current, credits.current),
    previous: figures(calls.previous, money.previous, accounts.previous, credits.previous),
    outstandingBalance: moneyToDecimal(parseMoney(balance)),
    daily,
    topByMinutes: destinations.byMinutes,
    topByMargin: destinations.byMargin,
    outcomes,
    latestCalls: calls8,
    latestPayments: payments8,
    openSupport: support8,
    generatedAt: now.toISOString(),
  };
}
