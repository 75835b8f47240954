import { and, desc, eq, inArray } from "drizzle-orm";
import { USER_DETAIL_ROWS, type SignIn, type UserAuditEntry } from "../../../shared/api/admin-users";
import type { Database } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { session, user } from "../../db/schema/auth";
import { supportConversations } from "../../db/schema/support";
import { listCallHistory } from "../calls/history-service";
import { latestLedgerRows } from "../credit-audit/ledger-queries";
import { listOwnPayments } from "../payments/service";
import { alias } from "drizzle-orm/pg-core";
import { userProfile } from "./admin-user-profile";

/** How many audit rows a customer's page shows, newest first. */
const AUDIT_ROWS = 30;

/** Audit rows about an account: admin changes to it (subject "user") and its manual credit adjustments ("credit_balance"). */
async function auditOf(db: Database, userId: string): Promise<UserAuditEntry[]> {
  const actor = alias(user, "actor");
  const rows = await db
    .select({ id: auditLog.id, action: auditLog.action, actorEmail: actor.email, before: auditLog.before, after: auditLog.after, createdAt: auditLog.createdAt })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .where(and(eq(auditLog.subjectId, userId), inArray(auditLog.subjectType, ["user", "credit_balance"])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_ROWS);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Sign-ins are better-auth's sessions: each begins at a sign-in and names the address and browser it came from. */
async function signInsOf(db: Database, userId: string): Promise<SignIn[]> {
  const rows = await db
    .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(desc(session.createdAt))
    .limit(USER_DETAIL_ROWS);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() }));
}

/** A customer's page: each part the latest rows of what the account's own pages and the other admin pages read. */
export async function userDetail(db: Database, userId: string) {
  const profile = await userProfile(db, userId);
  const [ledger, history, payments, signIns, conversation, audit] = await Promise.all([
    latestLedgerRows(db, userId, USER_DETAIL_ROWS),
    listCallHistory(db, userId, {}, { page: 1 }),
    listOwnPayments(db, userId),
    signInsOf(db, userId),
    db.select({ id: supportConversations.id }).from(supportConversations).where(eq(supportConversations.userId, userId)),
    auditOf(db, userId),
  ]);
  return {
    profile,
    ledger,
    calls: history.calls.slice(0, USER_DETAIL_ROWS),
    payments: payments.slice(0, USER_DETAIL_ROWS),
    signIns,
    supportConversationId: conversation[0]?.id ?? null,
    audit,
  };
}
