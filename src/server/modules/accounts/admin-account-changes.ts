import { eq } from "drizzle-orm";
import type { AdminUserProfile, UserRole } from "../../../shared/api/admin-users";
import type { BusPublisher } from "../../db/bus";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import type { Auth } from "../../auth/auth";
import { AppError, notFound } from "../../http/app-error";
import { announceStreamAccessChange } from "../events/stream-access";
import { requireAnotherAdmin, lockAccounts, requireStillAdmin } from "./admin-standing";
import { auditUserChange, userProfile, type Admin } from "./admin-user-profile";

/** The same action name the admin sign-up's grant writes (admin-role.ts), so one account's role changes read as one history. */
export const ROLE_ACTION = "user.role";
export const VERIFICATION_EMAIL_ACTION = "user.verification_email";

/**
  * Grants or removes the admin role. An admin cannot remove their own (409), and the one doing it
 * must still be an administrator when it is done (403, admin-standing.ts): the actor stays one, so
 * the back office always keeps an administrator, even when two remove each other's role at once.
 * The account's open event streams end on every instance, so none keeps hearing the back office's news after a removal.
 */
export async function changeRole(db: Database, bus: BusPublisher, admin: Admin, userId: string, role: UserRole): Promise<{ profile: AdminUserProfile }> {
  if (admin.userId === userId && role !== "admin") throw new AppError(409, "own_admin_role", "You cannot remove your own administrator role.");
  await db.transaction(async (tx) => {
    const locked = await lockAccounts(tx, [admin.userId, userId]);
    const before = locked.get(userId);
    if (!before) throw notFound("No such account.");
    requireStillAdmin(locked, admin.userId);
    // Asking for the role it has changes nothing and writes no audit row.
    if (before.role === role) return;
    if (role !== "admin") requireAnotherAdmin(locked, userId);
    // An administrator's decision answers an admin sign-up's request: left open, the next verified
    // address change would grant the role again over a removal (admin-role.ts).
    await tx.update(user).set({ role, adminRequested: false, updatedAt: new Date() }).where(eq(user.id, userId));
    await auditUserChange(tx, admin, ROLE_ACTION, userId, { role: before.role }, { role });
    await announceStreamAccessChange(bus, userId, {}, tx);
  });
  return { profile: await userProfile(db, userId) };
}

/**
 * Sends the verification email again through better-auth's own sending (the same link and
 * wording as at sign-up, in the account's language), and records that an admin did.
 */
export async function resendVerification(db: Database, auth: Auth, admin: Admin, userId: string): Promise<{ sent: true }> {
  const profile = await userProfile(db, userId);
  if (profile.emailVerified) throw new AppError(409, "already_verified", "This email address is confirmed already.");
  if (profile.deletedAt) throw new AppError(409, "account_deleted", "This account was deleted.");
  await auth.api.sendVerificationEmail({ body: { email: profile.email, callbackURL: `/${profile.locale ?? "en"}/auth` } });
  await db.transaction((tx) => auditUserChange(tx, admin, VERIFICATION_EMAIL_ACTION, userId, { emailVerified: false }, { email: profile.email }));
  return { sent: true };
}
