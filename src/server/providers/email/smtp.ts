import nodemailer from "nodemailer";
import type { EmailMessage, EmailProvider } from "./email";

/** Real mail over SMTP (SMTP_URL: smtp://user:pass@host:587 or smtps://…:465). */
export function createSmtpEmail({ smtpUrl, from }: { smtpUrl: string; from: string }): EmailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: `SMTP (${new URL(smtpUrl).host})`,
    async send(message: EmailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { "X-Dialwise-Kind": message.kind },
      });
    },
    async close() {
      transport.close();
    },
  };
}
