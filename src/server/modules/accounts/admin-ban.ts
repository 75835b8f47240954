import { and, eq, inArray } from "drizzle-orm";
import type { AdminUserProfile } from "../../../shared/api/admin-users";
import type { BusPublisher } from "../../db/bus";
import type { Database, Executor } from "../../db/client";
import { session, user } from "../../db/schema/auth";
import { callLogs } from "../../db/schema/calls";
import { AppError, notFound } from "../../http/app-error";
import type { Carrier } from "../../providers/telephony/carrier";
import { LIVE_CALL_STATUSES } from "../calls/call-status";
import { lockBalance } from "../credits/ledger";
import { announceStreamAccessChange } from "../events/stream-access";
import { lockAccounts, requireAnotherAdmin, requireStillAdmin } from "./admin-standing";
import { auditUserChange, userProfile, type Admin } from "./admin-user-profile";

export const BAN_ACTION = "user.ban";
export const UNBAN_ACTION = "user.unban";

export interface BanDeps {
  db: Database;
  bus: BusPublisher;
  carrier: Pick<Carrier, "endCall">;
  log: { warn(object: object, message: string): void };
}

/** Whether the account is banned (the gate and the checkout ask inside their own transactions). */
export async function isBanned(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, userId));
  return row?.banned === true;
}

/** The actor's and the account's rows, locked for this transaction (admin-standing.ts): 404 without the account, 403 when the actor no longer administers. */
async function lockedAccount(tx: Executor, admin: Admin, userId: string) {
  const locked = await lockAccounts(tx, [admin.userId, userId]);
  const row = locked.get(userId);
  if (!row) throw notFound("No such account.");
  requireStillAdmin(locked, admin.userId);
  return { row, locked };
}

/**
 * Bans an account (decision 039). In one transaction, after the balance row's lock (the gate's
 * lock, so a call being admitted now either commits first and is ended below, or sees the ban):
 * the ban, every session deleted (and the account's event streams ended on every instance), the audit row. Then each live call is hung up through the
 * carrier; its final status settles it as any hang-up does. Sign-in, calls and purchases are
 * refused from then on (auth.ts, gate.ts, payments/service.ts). A banned administrator no longer
 * administers: the one banning must still be one (admin-standing.ts), so one always remains.
 */
export async function banUser(deps: BanDeps, admin: Admin, userId: string, reason: string): Promise<{ profile: AdminUserProfile; sessionsEnded: number; callsEnded: number }> {
  if (admin.userId === userId) throw new AppError(409, "own_ban", "You cannot ban your own account.");
  const sessionsEnded = await deps.db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    const { row: before, locked } = await lockedAccount(tx, admin, userId);
    if (before.banned) throw new AppError(409, "already_banned", "This account is banned already.");
    requireAnotherAdmin(locked, userId);
    await tx.update(user).set({ banned: true, banReason: reason, bannedAt: new Date(), updatedAt: new Date() }).where(eq(user.id, userId));
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    await auditUserChange(tx, admin, BAN_ACTION, userId, { banned: false }, { banned: true, reason, sessionsEnded: ended.length });
    await announceStreamAccessChange(deps.bus, userId, {}, tx);
    return ended.length;
  });
  const live = await deps.db
    .select({ callSid: callLogs.callSid })
    .from(callLogs)
    .where(and(eq(callLogs.userId, userId), inArray(callLogs.status, [...LIVE_CALL_STATUSES])));
  let callsEnded = 0;
  for (const call of live) {
    try {
      if (await deps.carrier.endCall(userId, call.callSid)) callsEnded += 1;
    } catch (error) {
      // The ban stands; the call's own limit and the reconcile job still end it.
      deps.log.warn({ err: error, callSid: call.callSid }, "a banned customer's call could not be hung up");
    }
  }
  return { profile: await userProfile(deps.db, userId), sessionsEnded, callsEnded };
}

/** Lifts a ban: the account may sign in, call and buy again. Audited with the reason. */
export async function unbanUser(db: Database, admin: Admin, userId: string, reason: string): Promise<{ profile: AdminUserProfile }> {
  await db.transaction(async (tx) => {
    const { row: before } = await lockedAccount(tx, admin, userId);
    if (!before.banned) throw new AppError(409, "not_banned", "This account is not banned.");
    await tx.update(user).set({ banned: false, banReason: null, bannedAt: null, updatedAt: new Date() }).where(eq(user.id, userId));
    await auditUserChange(tx, admin, UNBAN_ACTION, userId, { banned: true, reason: before.banReason }, { banned: false, reason });
  });
  return { profile: await userProfile(db, userId) };
}
