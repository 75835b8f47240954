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
 * Called once an email is verified: an account that asked to be an administrator
 * at sign-up, with an address at the company domain, becomes one. The request is
 * answered with it (better-auth calls this after a changed address is verified too,
 * and a request left open would undo a later removal of the role). The role change
 * and its audit row are one transaction.
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
      after: { role: "admin", reason: "admin sign-up, email verified" },
    });
    return true;
  });
}
