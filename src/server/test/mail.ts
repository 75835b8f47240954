import { and, desc, eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import type { Server } from "../app";
import { mailOutbox } from "../db/schema/mail";
import { linksIn, type MailKind } from "../providers/email/email";
import { sendEmailJob } from "../providers/email/mail-jobs";

/**
 * Waits until the mail queue has nothing waiting or being sent: every email the
 * requests so far asked for has been handed to the provider (or has failed).
 */
export async function mailSettled(server: Server): Promise<void> {
  await vi.waitFor(
    async () => {
      const queue = (await server.jobs.admin.counts()).find((counts) => counts.queue === sendEmailJob.queue);
      expect(queue && queue.waiting + queue.running).toBe(0);
    },
    { timeout: 15_000, interval: 20 },
  );
}

export interface SentMail {
  subject: string;
  text: string;
  html: string;
  /** The message's first link: the one the button points at. */
  link: string;
}

/** The latest message of a kind the local outbox holds for an address, or null, once the queued mail is sent. */
export async function latestMail(server: Server, to: string, kind: MailKind): Promise<SentMail | null> {
  await mailSettled(server);
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

/** Every message of a kind the local outbox holds for an address, oldest first. */
export async function allMail(server: Server, to: string, kind: MailKind): Promise<SentMail[]> {
  await mailSettled(server);
  const rows = await server.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.id);
  return rows.map((row) => ({ subject: row.subject, text: row.text, html: row.html, link: linksIn(row.text)[0] ?? "" }));
}

export async function mailCount(server: Server, to: string, kind: MailKind): Promise<number> {
  await mailSettled(server);
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
