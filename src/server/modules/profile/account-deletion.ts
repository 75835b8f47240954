import { and, eq, inArray, sql } from "drizzle-orm";
import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";
import { userActivity } from "../../db/schema/activity";
import { account, session, user, verification } from "../../db/schema/auth";
import { callLogs } from "../../db/schema/calls";
import { creditBalances } from "../../db/schema/credits";
import { userEvents } from "../../db/schema/events";
import { mailOutbox } from "../../db/schema/mail";
import { payments } from "../../db/schema/payments";
import { spendingSettings } from "../../db/schema/spending";
import { AppError, unauthorized } from "../../http/app-error";
import { LIVE_CALL_STATUSES } from "../calls/call-status";
import { announceStreamAccessChange } from "../events/stream-access";
import { forgetMailTo } from "../../providers/email/mail-jobs";
import { lockAccounts, requireAnotherAdmin } from "../accounts/admin-standing";
import { PERSONAL_DATA_SECTIONS, type PersonalDataSection } from "./personal-data";

/** What a deleted account is called from then on; its address is anonymousEmail(id). */
export const DELETED_ACCOUNT_NAME = "Deleted account";

/** A placeholder no one can receive mail at or sign up with (.invalid is reserved, RFC 2606), unique per account. */
export function anonymousEmail(userId: string): string {
  return `deleted-${userId.toLowerCase()}@deleted.invalid`;
}

/**
 * Deletes the signed-in account (decision 037). The person types their email address to
 * confirm. Refused while a call is live: its settlement must find the account as it was.
 * In one transaction: every session and sign-in method (password, Google) goes, with any
 * pending link (the account's open event streams end on every instance); the name and email
 * are replaced by an anonymous placeholder; the person's other personal rows go (spending
 * settings, live events, mail to the address in the outbox and in the job queue whatever its
 * state, the receipt address, each PersonalDataSection). The ledger, payments and calls stay,
 * under the anonymous account, because the money they record must still add up (the credit
 * audit) and be accountable; so the user row itself stays too, marked deleted. The last
 * administrator cannot delete their account (409 last_admin).
 */
export async function deleteOwnAccount(db: Executor, bus: BusPublisher, userId: string, confirmation: string, sections: readonly PersonalDataSection[] = PERSONAL_DATA_SECTIONS): Promise<void> {
  await db.transaction(async (tx) => {
    // The balance row's lock first, as a ban takes it (admin-ban.ts), so a ban and a deletion of one
    // account wait in turn. It also orders this after (or before) the gate admitting a call: the gate
    // takes the same lock, then looks for live calls and for a deleted caller.
    await tx
      .insert(creditBalances)
      .values({ userId, balance: "0" })
      .onConflictDoUpdate({ target: creditBalances.userId, set: { userId: sql`excluded.user_id` } });
    // With every administrator's row (admin-standing.ts): the last one cannot delete their account,
    // even while another administrator deletes theirs or loses the role at the same moment.
    const locked = await lockAccounts(tx, [userId], { admins: true });
    const row = locked.get(userId);
    if (!row || row.deletedAt) throw unauthorized("This account no longer exists");
    if (confirmation.trim().toLowerCase() !== row.email.toLowerCase()) {
      throw new AppError(400, "deletion_not_confirmed", "Type your email address exactly as shown to delete your account.");
    }
    requireAnotherAdmin(locked, userId);
    const live = await tx
      .select({ id: callLogs.id })
      .from(callLogs)
      .where(and(eq(callLogs.userId, userId), inArray(callLogs.status, LIVE_CALL_STATUSES)))
      .limit(1);
    if (live.length > 0) throw new AppError(409, "deletion_call_in_progress", "End your call before deleting your account.");

    await tx.delete(session).where(eq(session.userId, userId));
    await announceStreamAccessChange(bus, userId, {}, tx);
    await tx.delete(account).where(eq(account.userId, userId));
    // Reset links (value = the account's id) and email links (identifier = the address).
    await tx.delete(verification).where(sql`${verification.value} = ${userId} or ${verification.identifier} = ${row.email}`);
    await tx.delete(spendingSettings).where(eq(spendingSettings.userId, userId));
    await tx.delete(userActivity).where(eq(userActivity.userId, userId));
    await tx.delete(userEvents).where(eq(userEvents.userId, userId));
    await tx.delete(mailOutbox).where(eq(mailOutbox.toAddress, row.email));
    await forgetMailTo(tx, row.email);
    await tx.update(payments).set({ receiptEmail: null }).where(eq(payments.userId, userId));
    for (const section of sections) await section.erase(tx, userId);
    await tx
      .update(user)
      .set({
        name: DELETED_ACCOUNT_NAME,
        email: anonymousEmail(userId),
        emailVerified: false,
        image: null,
        locale: null,
        adminRequested: false,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(user.id, userId));
  });
}
