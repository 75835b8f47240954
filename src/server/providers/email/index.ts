import type { Config } from "../../config";
import type { Executor } from "../../db/client";
import type { EmailProvider } from "./email";
import { createOutboxEmail } from "./outbox";
import { createSmtpEmail } from "./smtp";

export type { EmailMessage, EmailProvider, MailKind } from "./email";

/** SMTP when SMTP_URL is set, otherwise the local outbox (database + log lines). */
export function createEmailProvider(config: Config, db: Executor, print?: (line: string) => void): EmailProvider {
  return config.mail.smtpUrl ? createSmtpEmail({ smtpUrl: config.mail.smtpUrl, from: config.mail.from }) : createOutboxEmail(db, print);
}
