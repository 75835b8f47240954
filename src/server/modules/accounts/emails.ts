import { DEFAULT_LOCALE, toSupportedLocale, type Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import type { AccountMailKind, EmailMessage } from "../../providers/email/email";
import { interpolate, renderEmailHtml, renderEmailText, type EmailAction, type EmailParts } from "../../providers/email/email-layout";
import { loadStrings } from "../i18n/service";

/** The translation-key group of each kind of account email (emails.<group>.*). */
const GROUP: Record<AccountMailKind, string> = {
  verify_email: "verify",
  reset_password: "reset",
  existing_account: "existing",
  admin_invitation: "admin_invite",
  approve_email_change: "approve_change",
  change_email: "change",
  email_changed: "changed",
  low_balance: "low_balance",
};

/**
 * The language of an account email: the /{lang}/ prefix of the page the link
 * returns to (the web sends /{lang}/auth and /{lang}/reset-password), else the
 * request's Accept-Language, else English.
 */
export function emailLocale(link: string, acceptLanguage: string | null | undefined): Locale {
  return pageLocale(returnPathOf(link), acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The language of a page path's /{lang}/ prefix, else the request's Accept-Language; undefined when neither says. */
export function pageLocale(path: string | null | undefined, acceptLanguage: string | null | undefined): Locale | undefined {
  const prefix = path?.match(/^\/([a-z]{2}(?:-[A-Za-z]{2})?)(?:[/?#]|$)/)?.[1];
  return toSupportedLocale(prefix) ?? acceptedLocale(acceptLanguage);
}

function returnPathOf(link: string): string | null {
  try {
    return new URL(link).searchParams.get("callbackURL");
  } catch {
    return null;
  }
}

/** The first supported language of an Accept-Language header, by quality. */
export function acceptedLocale(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.find((param) => param.trim().startsWith("q="))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => toSupportedLocale(entry.tag)).find((locale) => locale !== undefined);
}

/** The links of an account email: the main one, and for the existing-account note the reset link. */
export interface AccountEmailLinks {
  to: string;
  url: string;
  resetUrl?: string;
  /** Further {{name}} values the kind's text uses (the new address, an amount). */
  values?: Record<string, string>;
}

/**
 * Builds an account email from the translations table (so an admin's edit
 * shows in the next email), falling back to English key by key.
 */
export async function renderAccountEmail(db: Executor, kind: AccountMailKind, locale: Locale, params: AccountEmailLinks): Promise<EmailMessage> {
  const strings = await loadEmailStrings(db, locale);
  const values = { ...params.values, email: params.to, url: params.url };
  const say = (key: string) => interpolate(strings[`emails.${key}`] ?? "", values);
  const part = (key: string) => say(`${GROUP[kind]}.${key}`);

  const subject = part("subject");
  const paragraphs = [part("intro")];
  const actions: EmailAction[] = [{ label: part("button"), url: params.url }];
  // The note to an account's owner: sign in, or choose a new password.
  if (kind === "existing_account" && params.resetUrl) actions.push({ lead: part("reset_lead"), label: part("reset_button"), url: params.resetUrl });
  // Not every kind has a link that expires (a notice, a balance alert).
  const after = [part("expires"), part("ignore")].filter((line) => line !== "");
  const parts: EmailParts = {
    locale,
    subject,
    heading: part("heading"),
    paragraphs,
    actions,
    fallback: say("common.link_fallback"),
    after,
    signature: say("common.signature"),
  };
  return { to: params.to, kind, subject, text: renderEmailText(parts), html: renderEmailHtml(parts) };
}

/**
 * The `emails.*` strings in a language from the translations table (so an admin's edit shows in
 * the next email), English where the language has no string of its own.
 */
export async function loadEmailStrings(db: Executor, locale: Locale): Promise<Record<string, string>> {
  const prefixes = { prefixes: ["emails."], exclude: false };
  const english = await loadStrings(db, DEFAULT_LOCALE, prefixes);
  return locale === DEFAULT_LOCALE ? english : { ...english, ...(await loadStrings(db, locale, prefixes)) };
}
