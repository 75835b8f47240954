import { asc, eq, inArray, or } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { user } from "../../db/schema/auth";
import { AppError } from "../../http/app-error";

/** What an account is as the back office counts administrators, read under its row's lock. */
export interface AccountStanding {
  id: string;
  email: string;
  role: "user" | "admin";
  banned: boolean;
  banReason: string | null;
  deletedAt: Date | null;
}

/**
 * Locks the rows of `ids` (and, with `admins`, of every administrator) in one statement, in id order,
 * for the rest of the transaction. Every change to who administers takes its rows this way: two at once
 * (two admins demoting or banning each other, an admin deleting their account meanwhile) then wait in
 * turn, and neither can hold one row while waiting for the other. `no key update` because none of them
 * changes a key (the deletion's new address upgrades its own row's lock as it writes it): the audit
 * rows other requests write meanwhile, which share-lock their actor's row, are not held up.
 */
export async function lockAccounts(tx: Executor, ids: readonly string[], { admins = false } = {}): Promise<Map<string, AccountStanding>> {
  const which = admins ? or(inArray(user.id, [...ids]), eq(user.role, "admin")) : inArray(user.id, [...ids]);
  const rows = await tx
    .select({ id: user.id, email: user.email, role: user.role, banned: user.banned, banReason: user.banReason, deletedAt: user.deletedAt })
    .from(user)
    .where(which)
    .orderBy(asc(user.id))
    .for("no key update");
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether an account can use the back office: an administrator that can sign in. */
export function administers(account: AccountStanding | undefined): boolean {
  return account !== undefined && account.role === "admin" && !account.banned && account.deletedAt === null;
}

/**
 * 403 unless the one making a change still administers. Access was checked when the request
 * arrived; another administrator may have removed their role (or banned them) since, and a
 * change they had already sent must not complete after that.
 */
export function requireStillAdmin(locked: Map<string, AccountStanding>, actorId: string): void {
  if (!administers(locked.get(actorId))) throw new AppError(403, "no_longer_admin", "You are no longer an administrator, so this change was not made.");
}

/**
 * 409 when `leaving` is the last account that administers among the locked ones. Sound because
 * the others' rows stay locked to the commit: an administrator counted here is one afterwards.
 */
export function requireAnotherAdmin(locked: Map<string, AccountStanding>, leaving: string): void {
  if (!administers(locked.get(leaving))) return;
  const others = [...locked.values()].filter((account) => account.id !== leaving && administers(account));
  if (others.length === 0) throw new AppError(409, "last_admin", "This would leave no administrator. Make another account an administrator first.");
}
