import type { Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import type { EmailMessage, SupportMailKind } from "../../providers/email/email";
import { interpolate, renderEmailHtml, renderEmailText, type EmailParts } from "../../providers/email/email-layout";
import { loadEmailStrings } from "../accounts/emails";

/** The translation-key group of each support email (emails.<group>.*, data/translations/<lang>/support-emails.json). */
const GROUP: Record<SupportMailKind, string> = {
  support_ticket_received: "support_ticket",
  support_reply: "support_reply",
  support_reply_waiting: "support_waiting",
};

export interface SupportEmailInput {
  to: string;
  locale: Locale;
  /** The support page in the reader's language, on our public address. */
  supportUrl: string;
  reference: string;
  subject?: string;
  /** The text to quote: the visitor's own message in the confirmation, the admin's answer in a reply. */
  quote?: string;
}

/**
 * A support email in the reader's language from the translations table (an admin's edit
 * shows in the next one), English where the language lacks a string. What a person wrote
 * is quoted as text, escaped in the HTML part.
 */
export async function renderSupportEmail(db: Executor, kind: SupportMailKind, input: SupportEmailInput): Promise<EmailMessage> {
  const strings = await loadEmailStrings(db, input.locale);
  const values = { reference: input.reference, subject: input.subject ?? "", email: input.to };
  const say = (key: string) => interpolate(strings[`emails.${key}`] ?? "", values);
  const part = (key: string) => say(`${GROUP[kind]}.${key}`);
  const subject = part("subject");
  const parts: EmailParts = {
    locale: input.locale,
    subject,
    heading: part("heading"),
    paragraphs: [part("intro")],
    ...(input.quote ? { quote: input.quote } : {}),
    actions: [{ lead: part("lead"), label: part("button"), url: input.supportUrl }],
    fallback: say("common.link_fallback"),
    after: [part("after")],
    signature: say("common.signature"),
  };
  return { to: input.to, kind, subject, text: renderEmailText(parts), html: renderEmailHtml(parts) };
}

export function supportPageUrl(publicUrl: string, locale: Locale): string {
  return new URL(`/${locale}/support`, publicUrl).href;
}
