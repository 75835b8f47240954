import { eq } from "drizzle-orm";
import { toSupportedLocale, type Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import { user } from "../../db/schema/auth";

/** The account's preferred language (user.locale), or undefined when it has none. Account emails are written in it. */
export async function preferredLocaleOf(db: Executor, userId: string): Promise<Locale | undefined> {
  const [row] = await db.select({ locale: user.locale }).from(user).where(eq(user.id, userId));
  return toSupportedLocale(row?.locale);
}
