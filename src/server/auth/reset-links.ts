import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { Locale } from "../../shared/i18n/locales";
import type { Executor } from "../db/client";
import { verification } from "../db/schema/auth";

/**
 * better-auth 1.7.7 keeps each emailed password-reset link as a verification row
 * `reset-password:<token>` whose value is the account's id (identifiers stored
 * as they are: we do not set verification.storeIdentifier).
 */
const RESET_IDENTIFIER = "reset-password:%";

/** The part of better-auth's context that stores a reset link (its internal adapter and base URL). */
export interface ResetLinkStore {
  baseURL: string;
  internalAdapter: { createVerificationValue(data: { value: string; identifier: string; expiresAt: Date }): Promise<unknown> };
}

/**
 * A password-reset link made as better-auth's request-password-reset makes one
 * (same token row, same /reset-password/:token landing, same lifetime), for an
 * email that offers it without being asked: the note to an account's owner.
 */
export async function createResetLink(store: ResetLinkStore, userId: string, locale: Locale, lifetimeSeconds: number): Promise<string> {
  const token = randomBytes(18).toString("base64url");
  await store.internalAdapter.createVerificationValue({
    value: userId,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
  });
  return `${store.baseURL}/reset-password/${token}?callbackURL=${encodeURIComponent(`/${locale}/reset-password`)}`;
}

/**
 * Ends every outstanding reset link of an account: called once its password has
 * been reset or changed, so an older link (in a mailbox someone else may read)
 * cannot set it again.
 */
export async function revokeResetLinks(db: Executor, userId: string): Promise<number> {
  const revoked = await db
    .delete(verification)
    .where(and(like(verification.identifier, RESET_IDENTIFIER), eq(verification.value, userId)))
    .returning({ id: verification.id });
  return revoked.length;
}
