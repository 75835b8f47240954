import { desc, eq } from "drizzle-orm";
import { DASHBOARD_LIST_SIZE, type AdminDashboard } from "../../../../shared/api/admin-dashboard";
import { moneyToDecimal, parseMoney } from "../../../../shared/money";
import type { Executor } from "../../../db/client";
import { user } from "../../../db/schema/auth";
import { callLogs } from "../../../db/schema/calls";
import { payments } from "../../../db/schema/payments";
import { NEWEST_FIRST } from "../../calls/history-service";
import { listInbox } from "../../support/admin-inbox";

const money4 = (value: string) => moneyToDecimal(parseMoney(value));

/** The newest calls of every customer, as the calls page lists them first. */
export async function latestCalls(db: Executor): Promise<AdminDashboard["latestCalls"]> {
  const rows = await db
    .select({ call: callLogs, email: user.email })
    .from(callLogs)
    .innerJoin(user, eq(user.id, callLogs.userId))
    .orderBy(...NEWEST_FIRST)
    .limit(DASHBOARD_LIST_SIZE);
  return rows.map(({ call, email }) => ({
    callSid: call.callSid,
    email,
    direction: call.direction,
    toNumber: call.toNumber,
    fromNumber: call.fromNumber,
    countryCode: call.countryCode,
    status: call.status,
    startedAt: call.startedAt.toISOString(),
    durationSeconds: call.durationSeconds,
    cost: money4(call.costUsd),
  }));
}

/** The newest payments, whatever became of them. */
export async function latestPayments(db: Executor): Promise<AdminDashboard["latestPayments"]> {
  const rows = await db
    .select({ payment: payments, email: user.email })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(DASHBOARD_LIST_SIZE);
  return rows.map(({ payment, email }) => ({
    id: payment.id,
    email,
    amount: money4(payment.amountUsd),
    status: payment.status,
    createdAt: payment.createdAt.toISOString(),
  }));
}

/** The open threads the support inbox shows first (its own query), latest message first. */
export async function openSupport(db: Executor): Promise<AdminDashboard["openSupport"]> {
  const inbox = await listInbox(db, { status: "open", unreadOnly: false, q: "", page: 1 });
  return inbox.conversations.slice(0, DASHBOARD_LIST_SIZE).map((row) => ({
    id: row.id,
    reference: row.reference,
    who: row.email,
    subject: row.subject,
    lastMessageAt: row.lastMessageAt,
    unread: row.unread,
  }));
}
