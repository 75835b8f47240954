import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { user } from "../../db/schema/auth";

/**
 * Set while POST /api/accounts/admin-sign-up runs better-auth's sign-up, so the
 * user row is created with admin_requested already true (one insert, no window
 * in which the verification link could be followed before the flag is set).
 * Nothing a request sends can enter this scope.
 */
const adminSignUpScope = new AsyncLocalStorage<{ requested: true; attempt: SignUpAttempt }>();

/** Where an admin sign-up came from: better-auth does not hand a direct call's body or headers to its callbacks. */
export interface SignUpAttempt {
  /** The page the verification link returns to (/{lang}/auth). */
  page: string;
  acceptLanguage: string | null;
}

export function withAdminRequest<T>(attempt: SignUpAttempt, run: () => Promise<T>): Promise<T> {
  return adminSignUpScope.run({ requested: true, attempt }, run);
}

export function isAdminRequestInProgress(): boolean {
  return adminSignUpScope.getStore()?.requested === true;
}

/** The admin sign-up being handled, if any (for the note to an existing account's owner). */
export function adminSignUpAttempt(): SignUpAttempt | undefined {
  return adminSignUpScope.getStore()?.attempt;
}

/** Whether an address is at the company domain (ADMIN_EMAIL_DOMAIN). */
export function isAdminDomain(email: string, adminEmailDomain: string): boolean {
  return adminEmailDomain.length > 0 && email.trim().toLowerCase().endsWith(`@${adminEmailDomain.toLowerCase()}`);
}

/**
 * Whether an account's verification email must be the administrator invitation: it asked to be
 * an administrator at sign-up and its address is not verified yet. Whoever signed up chose the
 * password, perhaps for a colleague's address; the invitation makes the address's owner choose
 * it again (a password-reset link), so nobody else knows it once the role is granted.
 */
export async function awaitsAdminInvitation(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ requested: user.adminRequested, verified: user.emailVerified }).from(user).where(eq(user.id, userId));
  return row !== undefined && row.requested && !row.verified;
}

/**
 * Called once an account's password was set from an emailed link (a reset, or an administrator's
 * invitation): the link reached the address, so the address is verified by it, and an
 * administrator sign-up's role follows (grantRequestedAdmin). Answers whether the role was granted.
 */
export async function verifyByPasswordLink(db: Executor, adminEmailDomain: string, account: { id: string; email: string }): Promise<boolean> {
  await db
    .update(user)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(user.id, account.id), eq(user.emailVerified, false)));
  return grantRequestedAdmin(db, adminEmailDomain, account);
}

/**
 * An account that asked to be an administrator at sign-up, with an address at the company
 * domain and verified by setting its password from the invitation, becomes one. The request is
 * answered with it (a request left open would undo a later removal of the role at the next
 * password reset). The role change and its audit row are one transaction.
 */
export async function grantRequestedAdmin(
  db: Executor,
  adminEmailDomain: string,
  verified: { id: string; email: string },
): Promise<boolean> {
  if (!isAdminDomain(verified.email, adminEmailDomain)) return false;
  return db.transaction(async (tx) => {
    const promoted = await tx
      .update(user)
      .set({ role: "admin", adminRequested: false, updatedAt: new Date() })
      .where(and(eq(user.id, verified.id), eq(user.adminRequested, true), eq(user.emailVerified, true), eq(user.role, "user")))
      .returning({ id: user.id });
    if (promoted.length === 0) return false;
    await tx.insert(auditLog).values({
      actorUserId: verified.id,
      action: "user.role",
      subjectType: "user",
      subjectId: verified.id,
      before: { role: "user" },
      after: { role: "admin", reason: "admin sign-up, password set from the emailed invitation" },
    });
    return true;
  });
}
