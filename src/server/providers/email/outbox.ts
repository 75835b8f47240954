import type { Executor } from "../../db/client";
import { mailOutbox } from "../../db/schema/mail";
import { linksIn, type EmailMessage, type EmailProvider } from "./email";
import { outboxNotice, type NoticeStyle } from "./outbox-notice";

/**
 * The local mail provider: nothing leaves the machine. Each message is kept in
 * mail_outbox and its links printed in a block that stands out in the log, so a
 * developer (and the browser tests) can follow a verification or reset link.
 */
export function createOutboxEmail(db: Executor, print: (text: string) => void = (text) => console.log(text), style: NoticeStyle = {}): EmailProvider {
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
      const links = linksIn(message.text);
      if (links.length > 0) print(outboxNotice(message, links, style));
    },
    async close() {},
  };
}
