import { eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { Executor } from "../db/client";
import { user } from "../db/schema/auth";

/** The sign-in page shows errors.ACCOUNT_BANNED for this code. */
export const ACCOUNT_BANNED = "ACCOUNT_BANNED";

/**
 * better-auth's session.create.before hook: a banned account (decision 039) is refused with 403
 * ACCOUNT_BANNED and no session is written. The reason an admin gave is not told to the customer.
 */
export async function refuseBannedSession(db: Executor, userId: string): Promise<void> {
  const [row] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, userId));
  if (row?.banned) {
    throw new APIError("FORBIDDEN", { code: ACCOUNT_BANNED, message: "This account is suspended. Please contact support." });
  }
}
