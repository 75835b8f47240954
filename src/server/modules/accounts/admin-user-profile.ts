import { eq } from "drizzle-orm";
import type { AdminUserProfile } from "../../../shared/api/admin-users";
import { moneyToDecimal, parseMoney } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { user } from "../../db/schema/auth";
import { creditBalances } from "../../db/schema/credits";
import { notFound } from "../../http/app-error";
import { lastActiveText } from "./last-active";

/** Who does an admin change: the admin's own account. */
export interface Admin {
  userId: string;
  email: string;
}

/** The account as the back office shows it, or 404. */
export async function userProfile(db: Executor, userId: string): Promise<AdminUserProfile> {
  const [row] = await db
    .select({ account: user, balance: creditBalances.balance })
    .from(user)
    .leftJoin(creditBalances, eq(creditBalances.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) throw notFound("No such account.");
  const [active] = await db.select({ at: lastActiveText }).from(user).where(eq(user.id, userId));
  const { account } = row;
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    emailVerified: account.emailVerified,
    role: account.role,
    banned: account.banned,
    banReason: account.banReason,
    bannedAt: account.bannedAt?.toISOString() ?? null,
    createdAt: account.createdAt.toISOString(),
    locale: account.locale,
    deletedAt: account.deletedAt?.toISOString() ?? null,
    balance: moneyToDecimal(parseMoney(row.balance ?? "0")),
    lastActiveAt: active?.at ?? null,
  };
}

/** The audit row of one admin change to an account, in the change's transaction. */
export async function auditUserChange(tx: Executor, admin: Admin, action: string, userId: string, before: Record<string, unknown>, after: Record<string, unknown>): Promise<void> {
  await tx.insert(auditLog).values({ actorUserId: admin.userId, action, subjectType: "user", subjectId: userId, before, after });
}
