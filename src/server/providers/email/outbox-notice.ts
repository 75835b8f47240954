import { styleText } from "node:util";
import type { EmailMessage } from "./email";

export interface NoticeStyle {
  /** One JSON object per message, shaped like the server's own log lines (production logs are JSON). */
  json?: boolean;
  /** ANSI colours, for a terminal. */
  color?: boolean;
}

const RULE_WIDTH = 72;

/**
 * What the local outbox prints for a message kept instead of sent: a framed block
 * a developer cannot miss between the request lines, with one
 * `[mail] <kind> to <address>: <link>` line per link (easy to grep; the browser
 * tests read them), or a JSON line in production.
 */
export function outboxNotice(message: EmailMessage, links: readonly string[], style: NoticeStyle = {}): string {
  if (style.json) {
    return JSON.stringify({ level: 30, time: Date.now(), msg: "mail kept in the local outbox (not sent)", kind: message.kind, to: message.to, subject: message.subject, links });
  }
  const paint = (format: Parameters<typeof styleText>[0], text: string) => (style.color ? styleText(format, text) : text);
  const title = "─ ✉ Mail kept in the local outbox (not sent) ";
  const frame = (text: string) => paint(["bold", "yellow"], text);
  return [
    frame(`┌${title}${"─".repeat(Math.max(0, RULE_WIDTH - title.length))}`),
    `${frame("│")} To ${message.to}: ${message.subject}`,
    ...links.map((link) => `${frame("│")} [mail] ${message.kind} to ${message.to}: ${paint(["bold", "cyan"], link)}`),
    frame(`└${"─".repeat(RULE_WIDTH)}`),
  ].join("\n");
}
