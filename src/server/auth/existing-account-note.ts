import { eq } from "drizzle-orm";
import { DEFAULT_LOCALE, toSupportedLocale, type Locale } from "../../shared/i18n/locales";
import type { Executor } from "../db/client";
import { user } from "../db/schema/auth";
import { pageLocale } from "../modules/accounts/emails";
import { hitCounter } from "./throttle";

const HOUR_MS = 60 * 60 * 1000;
/** Notes an account's owner gets at most in an hour; further sign-up attempts send nothing (and answer the same). */
export const EXISTING_ACCOUNT_NOTES = { max: 3, windowMs: HOUR_MS } as const;

export interface ExistingAccountNote {
  locale: Locale;
  /** The sign-in page in the owner's language. */
  signInUrl: string;
  /** A reset link that works like one asked for on the sign-in page. */
  resetUrl: string;
}

export interface NoteDependencies {
  db: Executor;
  publicUrl: string;
  /** Makes a password-reset link for the account, returning to /{locale}/reset-password. */
  resetLink(userId: string, locale: Locale): Promise<string>;
}

/**
 * What to mail the owner of an address someone tried to sign up with (better-auth
 * answers that sign-up exactly like a new one): links to sign in and to choose a
 * new password, in the owner's language (the one the account was made in, else
 * the page the attempt came from, else the browser's). Null once the owner has
 * had EXISTING_ACCOUNT_NOTES.max notes this hour, so sign-ups cannot flood a mailbox.
 */
export async function prepareExistingAccountNote(
  deps: NoteDependencies,
  owner: { id: string; email: string },
  attempt: { request?: Request | undefined; page?: string | undefined; acceptLanguage?: string | null | undefined },
): Promise<ExistingAccountNote | null> {
  const sent = await hitCounter(deps.db, `existingAccountNote:email:${owner.email}`, EXISTING_ACCOUNT_NOTES.windowMs);
  if (sent.count > EXISTING_ACCOUNT_NOTES.max) return null;
  const [row] = await deps.db.select({ locale: user.locale }).from(user).where(eq(user.id, owner.id));
  const page = attempt.page ?? (await callbackPathOf(attempt.request));
  const acceptLanguage = attempt.acceptLanguage ?? attempt.request?.headers.get("accept-language");
  const locale = toSupportedLocale(row?.locale) ?? pageLocale(page, acceptLanguage) ?? DEFAULT_LOCALE;
  return { locale, signInUrl: `${deps.publicUrl}/${locale}/auth`, resetUrl: await deps.resetLink(owner.id, locale) };
}

/** The sign-up's callbackURL (/{lang}/auth), read from a copy of its JSON body. */
async function callbackPathOf(request: Request | undefined): Promise<string | undefined> {
  if (!request) return undefined;
  try {
    const body = (await request.clone().json()) as { callbackURL?: unknown };
    return typeof body.callbackURL === "string" ? body.callbackURL : undefined;
  } catch {
    return undefined;
  }
}
