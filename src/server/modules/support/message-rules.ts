import { randomBytes } from "node:crypto";
import type { SupportMessage } from "../../../shared/api/support";
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from "../../../shared/support/support-limits";
import { plainMessage } from "../../../shared/text/plain-message";
import { plainText } from "../../../shared/text/plain-text";
import type { supportMessages } from "../../db/schema/support";
import { AppError } from "../../http/app-error";

/** Text made plain, refused when nothing is left (`<field>_empty`) or it is over `max` (`<field>_too_long`, the limit in details). */
function checked(text: string, field: "body" | "subject", rule: { code: string; max: number; empty: string; tooLong: string }): string {
  if (text === "") throw new AppError(400, `${rule.code}_empty`, rule.empty);
  if (text.length > rule.max) throw new AppError(400, `${rule.code}_too_long`, rule.tooLong, [{ path: field, message: String(rule.max) }]);
  return text;
}

/** A message as it will be kept: plain, with its line breaks; refused when empty or too long. */
export function messageBody(raw: string): string {
  return checked(plainMessage(raw), "body", {
    code: "support_message",
    max: SUPPORT_MESSAGE_MAX_LENGTH,
    empty: "Write a message before sending it.",
    tooLong: `A message can be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters long.`,
  });
}

/** A visitor ticket's subject: one plain line, refused when empty or too long. */
export function ticketSubject(raw: string): string {
  return checked(plainText(raw), "subject", {
    code: "support_subject",
    max: SUPPORT_SUBJECT_MAX_LENGTH,
    empty: "Give your message a subject.",
    tooLong: `A subject can be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters long.`,
  });
}

/** Without 0/O and 1/I, so a reference read aloud or copied by hand comes out right. */
const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** What a person quotes to us: "DW-" and eight characters (32⁸, about 10¹², so guessing one is hopeless). */
export function newReference(): string {
  const bytes = randomBytes(8);
  return `DW-${[...bytes].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("")}`;
}

export function newConversationId(): string {
  return `sup_${randomBytes(12).toString("hex")}`;
}

/** The start of a message on one line, for the inbox's rows. */
export function previewOf(body: string, length = 140): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length > length ? `${line.slice(0, length - 1).trimEnd()}…` : line;
}

export function presentMessage(row: typeof supportMessages.$inferSelect): SupportMessage {
  return { id: row.id, author: row.author, body: row.body, createdAt: row.createdAt.toISOString(), readAt: row.readAt?.toISOString() ?? null };
}
