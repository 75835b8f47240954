import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { displayNameFromEmail } from "../../../shared/accounts/display-name";
import type { Executor } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { account, user } from "../../db/schema/auth";

export interface AdminCreateResult {
  userId: string;
  /** "created": a new account; "promoted": an existing one became (or stayed) an administrator. */
  outcome: "created" | "promoted";
  /** Set when we generated the password: shown once, never stored in clear. */
  generatedPassword?: string;
  /** Whether the password was set (given, or generated for a new account). */
  passwordSet: boolean;
}

/** A password a person can type: 18 characters from 108 random bits. */
export function generatePassword(): string {
  return randomBytes(14).toString("base64url").slice(0, 18);
}

/**
 * `npm run admin:create`: makes `email` an administrator with a verified email.
 * A new account gets the given password or a generated one; an existing account
 * keeps its password unless one is given. The change and its audit row (no
 * actor: the operator's shell) are one transaction.
 */
export async function createOrPromoteAdmin(db: Executor, input: { email: string; password?: string }): Promise<AdminCreateResult> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: user.id, role: user.role, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email))
    .limit(1);
  const generatedPassword = !existing && input.password === undefined ? generatePassword() : undefined;
  const password = input.password ?? generatedPassword;
  // Hashing is slow on purpose; do it before the transaction opens.
  const hash = password === undefined ? undefined : await hashPassword(password);
  const now = new Date();

  return db.transaction(async (tx) => {
    if (!existing) {
      const userId = randomUUID();
      await tx.insert(user).values({ id: userId, email, name: displayNameFromEmail(email), emailVerified: true, role: "admin", createdAt: now, updatedAt: now });
      await tx.insert(account).values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: hash ?? null, createdAt: now, updatedAt: now });
      await tx.insert(auditLog).values({
        actorUserId: null,
        action: "user.role",
        subjectType: "user",
        subjectId: userId,
        before: null,
        after: { role: "admin", emailVerified: true, reason: "npm run admin:create (new account)" },
      });
      return { userId, outcome: "created" as const, passwordSet: true, ...(generatedPassword ? { generatedPassword } : {}) };
    }

    // Granted here: an admin sign-up's request, if it had one, is answered (admin-role.ts).
    await tx.update(user).set({ role: "admin", emailVerified: true, adminRequested: false, updatedAt: now }).where(eq(user.id, existing.id));
    if (hash !== undefined) {
      const updated = await tx
        .update(account)
        .set({ password: hash, updatedAt: now })
        .where(and(eq(account.userId, existing.id), eq(account.providerId, "credential")))
        .returning({ id: account.id });
      if (updated.length === 0) {
        await tx.insert(account).values({ id: randomUUID(), accountId: existing.id, providerId: "credential", userId: existing.id, password: hash, createdAt: now, updatedAt: now });
      }
    }
    await tx.insert(auditLog).values({
      actorUserId: null,
      action: "user.role",
      subjectType: "user",
      subjectId: existing.id,
      before: { role: existing.role, emailVerified: existing.emailVerified },
      after: { role: "admin", emailVerified: true, passwordChanged: hash !== undefined, reason: "npm run admin:create" },
    });
    return { userId: existing.id, outcome: "promoted" as const, passwordSet: hash !== undefined };
  });
}
