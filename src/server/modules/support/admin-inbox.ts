import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { ADMIN_SUPPORT_PAGE_SIZE, ADMIN_SUPPORT_RECENT_ROWS, type AdminSupportAccount, type AdminSupportRow } from "../../../shared/api/admin-support";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { user } from "../../db/schema/auth";
import { callLogs } from "../../db/schema/calls";
import { payments } from "../../db/schema/payments";
import { supportConversations, supportMessages } from "../../db/schema/support";
import { notFound } from "../../http/app-error";
import { getBalance } from "../credits/ledger";
import { presentMessage, previewOf } from "./message-rules";
import { inboxUnread } from "./unread";

export interface InboxFilter {
  status: "all" | "open" | "closed";
  unreadOnly: boolean;
  /** Matched anywhere in the email, name, subject, reference or a message, as plain text, case folded. */
  q: string;
  page: number;
}

const c = supportConversations;
const unreadCount = sql<number>`(select count(*)::int from ${supportMessages} m where m.conversation_id = ${c.id} and m.author <> 'admin' and m.read_at is null)`;
const latestBody = sql<string>`coalesce((select m.body from ${supportMessages} m where m.conversation_id = ${c.id} order by m.id desc limit 1), '')`;
const email = sql<string>`coalesce(${user.email}, ${c.visitorEmail})`;

const rowFields = {
  id: c.id,
  kind: c.kind,
  reference: c.reference,
  status: c.status,
  email,
  name: user.name,
  subject: c.subject,
  latestBody,
  lastMessageAt: c.lastMessageAt,
  unread: unreadCount,
};

type Row = { id: string; kind: AdminSupportRow["kind"]; reference: string; status: AdminSupportRow["status"]; email: string; name: string | null; subject: string | null; latestBody: string; lastMessageAt: Date; unread: number };

function present(row: Row): AdminSupportRow {
  return {
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    status: row.status,
    email: row.email,
    name: row.kind === "customer" ? row.name : null,
    subject: row.subject,
    preview: previewOf(row.latestBody),
    lastMessageAt: new Date(row.lastMessageAt).toISOString(),
    unread: Number(row.unread),
  };
}

function matching(filter: InboxFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status !== "all") conditions.push(eq(c.status, filter.status));
  if (filter.unreadOnly) conditions.push(sql`${unreadCount} > 0`);
  const q = filter.q.trim().toLowerCase();
  if (q) {
    // strpos, so a "%" or "_" the admin types means itself.
    conditions.push(sql`(strpos(lower(${email}), ${q}) > 0 or strpos(lower(coalesce(${user.name}, '')), ${q}) > 0 or strpos(lower(coalesce(${c.subject}, '')), ${q}) > 0
      or strpos(lower(${c.reference}), ${q}) > 0
      or exists (select 1 from ${supportMessages} m where m.conversation_id = ${c.id} and strpos(lower(m.body), ${q}) > 0))`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The inbox: latest message first, a page at a time, with what is unread in the whole inbox. */
export async function listInbox(db: Executor, filter: InboxFilter) {
  const where = matching(filter);
  const rows = await db
    .select(rowFields)
    .from(c)
    .leftJoin(user, eq(user.id, c.userId))
    .where(where)
    .orderBy(desc(c.lastMessageAt), desc(c.id))
    .limit(ADMIN_SUPPORT_PAGE_SIZE)
    .offset((filter.page - 1) * ADMIN_SUPPORT_PAGE_SIZE);
  const [total] = await db.select({ count: count() }).from(c).leftJoin(user, eq(user.id, c.userId)).where(where);
  return {
    conversations: rows.map(present),
    page: filter.page,
    pageSize: ADMIN_SUPPORT_PAGE_SIZE,
    total: total?.count ?? 0,
    unreadTotal: await inboxUnread(db),
  };
}

/** One row of the inbox, or 404. */
export async function inboxRow(db: Executor, conversationId: string): Promise<AdminSupportRow> {
  const [row] = await db.select(rowFields).from(c).leftJoin(user, eq(user.id, c.userId)).where(eq(c.id, conversationId));
  if (!row) throw notFound("No such conversation");
  return present(row);
}

/** A conversation or ticket with its messages, and a customer's account beside it. */
export async function inboxThread(db: Executor, conversationId: string) {
  const conversation = await inboxRow(db, conversationId);
  const messages = await db.select().from(supportMessages).where(eq(supportMessages.conversationId, conversationId)).orderBy(asc(supportMessages.id));
  const [owner] = await db.select({ userId: c.userId }).from(c).where(eq(c.id, conversationId));
  return { conversation, messages: messages.map(presentMessage), account: owner?.userId ? await accountBeside(db, owner.userId) : null };
}

async function accountBeside(db: Executor, userId: string): Promise<AdminSupportAccount | null> {
  const [person] = await db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, userId));
  if (!person) return null;
  const calls = await db
    .select({ callSid: callLogs.callSid, toNumber: callLogs.toNumber, countryCode: callLogs.countryCode, status: callLogs.status, startedAt: callLogs.startedAt, durationSeconds: callLogs.durationSeconds, costUsd: callLogs.costUsd })
    .from(callLogs)
    .where(eq(callLogs.userId, userId))
    .orderBy(desc(callLogs.startedAt))
    .limit(ADMIN_SUPPORT_RECENT_ROWS);
  const paid = await db
    .select({ id: payments.id, amountUsd: payments.amountUsd, creditUsd: payments.creditUsd, status: payments.status, createdAt: payments.createdAt })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(ADMIN_SUPPORT_RECENT_ROWS);
  return {
    userId,
    balance: moneyToDecimal(await getBalance(db, userId)),
    memberSince: person.createdAt.toISOString(),
    recentCalls: calls.map((call) => ({ ...call, costUsd: moneyToDecimal(parseMoney(call.costUsd)), startedAt: call.startedAt.toISOString() })),
    recentPayments: paid.map((payment) => ({
      ...payment,
      amountUsd: moneyToDecimal(parseMoney(payment.amountUsd)),
      creditUsd: moneyToDecimal(parseMoney(payment.creditUsd)),
      createdAt: payment.createdAt.toISOString(),
    })),
  };
}
