import type { Config } from "../../config";
import type { Executor } from "../../db/client";
import type { EmailProvider } from "./email";
import { createOutboxEmail } from "./outbox";
import { createSmtpEmail } from "./smtp";

export type { EmailMessage, EmailProvider, MailKind } from "./email";

/**
 * SMTP when SMTP_URL is set, otherwise the local outbox (database + a block in the
 * log: JSON in production, in colour on a terminal).
 */
export function createEmailProvider(config: Config, db: Executor, print?: (text: string) => void): EmailProvider {
  if (config.mail.smtpUrl) return createSmtpEmail({ smtpUrl: config.mail.smtpUrl, from: config.mail.from });
  return createOutboxEmail(db, print, { json: config.env === "production", color: print === undefined && process.stdout.isTTY });
}
