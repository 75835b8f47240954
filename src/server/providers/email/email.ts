/** What an email is for; the outbox stores it and the log line names it. */
export type AccountMailKind = "verify_email" | "reset_password" | "existing_account" | "admin_invitation" | "approve_email_change" | "change_email" | "email_changed" | "low_balance";
/** A visitor's ticket confirmed, a reply to a visitor, a customer told of a reply they have not read. */
export type SupportMailKind = "support_ticket_received" | "support_reply" | "support_reply_waiting";
export type MailKind = AccountMailKind | SupportMailKind;

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
}

/** One way of delivering mail: SMTP for real, the local outbox otherwise. */
export interface EmailProvider {
  /** For the start-up log: which implementation this is. */
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The web addresses in a message's text, in order, each once: what a person would click. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}
