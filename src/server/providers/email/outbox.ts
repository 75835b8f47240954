import type { Executor } from "../../db/client";
import { mailOutbox } from "../../db/schema/mail";
import { linksIn, type EmailMessage, type EmailProvider } from "./email";

/**
 * The local mail provider: nothing leaves the machine. Each message is kept in
 * mail_outbox and each of its links printed as one line, so a developer (and
 * the browser tests) can follow a verification or reset link from the log.
 */
export function createOutboxEmail(db: Executor, print: (line: string) => void = (line) => console.log(line)): EmailProvider {
  return {
    name: "local outbox",
    async send(message: EmailMessage) {
      await db.insert(mailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        kind: message.kind,
      });
      for (const link of linksIn(message.text)) print(`[mail] ${message.kind} to ${message.to}: ${link}`);
    },
    async close() {},
  };
}
