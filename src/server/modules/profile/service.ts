import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Profile, updateProfile } from "../../../shared/api/profile";
import { toSupportedLocale } from "../../../shared/i18n/locales";
import { moneyToDecimal } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { user } from "../../db/schema/auth";
import { unauthorized } from "../../http/app-error";
import { getBalance } from "../credits/ledger";
import { readSpending, spentToday, type StoredSpending } from "./spending";

const decimalOrNull = (amount: number | null) => (amount === null ? null : moneyToDecimal(amount));

/** The spending settings as the profile shows them, with what today's calls have cost. */
export async function presentSpending(db: Executor, userId: string, stored?: StoredSpending): Promise<Profile["spending"]> {
  const settings = stored ?? (await readSpending(db, userId));
  return { dailyLimit: decimalOrNull(settings.dailyLimit), lowBalanceAlert: decimalOrNull(settings.lowBalanceAlert), spentToday: moneyToDecimal(await spentToday(db, userId)) };
}

/** GET /api/profile: only the signed-in person's own row (the session's user id), never anyone else's. */
export async function getProfile(db: Executor, userId: string): Promise<Profile> {
  const [row] = await db
    .select({ name: user.name, email: user.email, emailVerified: user.emailVerified, locale: user.locale, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw unauthorized("This account no longer exists");
  return {
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    locale: toSupportedLocale(row.locale) ?? null,
    balance: moneyToDecimal(await getBalance(db, userId)),
    memberSince: row.createdAt.toISOString(),
    spending: await presentSpending(db, userId),
  };
}

type ProfileChange = z.infer<NonNullable<(typeof updateProfile)["body"]>>;

/** PATCH /api/profile: the name (already made plain and checked by the shared rule) and the preferred language. */
export async function changeProfile(db: Executor, userId: string, change: ProfileChange): Promise<Profile> {
  const set = { ...(change.name !== undefined ? { name: change.name } : {}), ...(change.locale !== undefined ? { locale: change.locale } : {}) };
  if (Object.keys(set).length > 0) await db.update(user).set({ ...set, updatedAt: new Date() }).where(eq(user.id, userId));
  return getProfile(db, userId);
}
