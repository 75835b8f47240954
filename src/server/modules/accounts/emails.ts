import { DEFAULT_LOCALE, directionOf, toSupportedLocale, type Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import type { EmailMessage, MailKind } from "../../providers/email/email";
import { loadStrings } from "../i18n/service";

/** The translation-key group of each kind of account email (emails.<group>.*). */
const GROUP: Record<MailKind, string> = {
  verify_email: "verify",
  reset_password: "reset",
  existing_account: "existing",
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

interface Action {
  /** A sentence that leads to the button, when it needs one. */
  lead?: string;
  label: string;
  url: string;
}

/**
 * Builds an account email from the translations table (so an admin's edit
 * shows in the next email), falling back to English key by key.
 */
export async function renderAccountEmail(db: Executor, kind: MailKind, locale: Locale, params: AccountEmailLinks): Promise<EmailMessage> {
  const prefixes = { prefixes: ["emails."], exclude: false };
  const english = await loadStrings(db, DEFAULT_LOCALE, prefixes);
  const strings = locale === DEFAULT_LOCALE ? english : { ...english, ...(await loadStrings(db, locale, prefixes)) };
  const values = { ...params.values, email: params.to, url: params.url };
  const say = (key: string) => interpolate(strings[`emails.${key}`] ?? "", values);
  const part = (key: string) => say(`${GROUP[kind]}.${key}`);

  const subject = part("subject");
  const paragraphs = [part("intro")];
  const actions: Action[] = [{ label: part("button"), url: params.url }];
  // The note to an account's owner: sign in, or choose a new password.
  if (kind === "existing_account" && params.resetUrl) actions.push({ lead: part("reset_lead"), label: part("reset_button"), url: params.resetUrl });
  // Not every kind has a link that expires (a notice, a balance alert).
  const after = [part("expires"), part("ignore")].filter((line) => line !== "");
  const text = [
    part("heading"),
    "",
    ...paragraphs,
    "",
    ...actions.flatMap((action) => [...(action.lead ? [action.lead] : []), `${action.label}: ${action.url}`, ""]),
    ...after.flatMap((line) => [line, ""]),
    say("common.signature"),
  ].join("\n");
  const html = renderHtml({
    locale,
    subject,
    heading: part("heading"),
    paragraphs,
    actions,
    fallback: say("common.link_fallback"),
    after,
    signature: say("common.signature"),
  });
  return { to: params.to, kind, subject, text, html };
}

/** {{name}} placeholders, as in the web's i18next: unknown names are left as they are. */
function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Plain, accessible HTML: real headings and real links, readable without images or styles; RTL for Arabic. */
function renderHtml(parts: {
  locale: Locale;
  subject: string;
  heading: string;
  paragraphs: string[];
  actions: Action[];
  fallback: string;
  after: string[];
  signature: string;
}): string {
  const dir = directionOf(parts.locale);
  const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(text)}</p>`;
  const action = ({ lead, label, url: raw }: Action) => {
    const url = escapeHtml(raw);
    return [
      ...(lead ? [paragraph(lead)] : []),
      `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#1d4ed8;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#334155">${escapeHtml(parts.fallback)}<br><a href="${url}" style="color:#1d4ed8;word-break:break-all">${url}</a></p>`,
    ];
  };
  return [
    "<!doctype html>",
    `<html lang="${parts.locale}" dir="${dir}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(parts.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f1f5f9;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">`,
    `<div role="article" aria-label="${escapeHtml(parts.subject)}" lang="${parts.locale}" dir="${dir}" style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:12px;text-align:${dir === "rtl" ? "right" : "left"}">`,
    `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(parts.heading)}</h1>`,
    ...parts.paragraphs.map(paragraph),
    ...parts.actions.flatMap(action),
    ...parts.after.map(paragraph),
    `<p style="margin:24px 0 0;color:#334155">${escapeHtml(parts.signature)}</p>`,
    "</div>",
    "</body>",
    "</html>",
  ].join("\n");
}
