import { and, desc, eq } from "drizzle-orm";
import type { Server } from "../app";
import { mailOutbox } from "../db/schema/mail";
import { linksIn, type MailKind } from "../providers/email/email";

export interface SentMail {
  subject: string;
  text: string;
  html: string;
  /** The message's first link: the one the button points at. */
  link: string;
}

/** The latest message of a kind the local outbox holds for an address, or null. */
export async function latestMail(server: Server, to: string, kind: MailKind): Promise<SentMail | null> {
  const [row] = await server.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!row) return null;
  const link = linksIn(row.text)[0];
  if (!link) throw new Error(`the ${kind} email to ${to} has no link`);
  return { subject: row.subject, text: row.text, html: row.html, link };
}

export async function mailCount(server: Server, to: string, kind: MailKind): Promise<number> {
  const rows = await server.database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));
  return rows.length;
}

/** A link's path and query, for app.inject (links carry the server's public address). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
