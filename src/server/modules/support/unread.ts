import { and, count, eq, isNull, lte, ne, sql } from "drizzle-orm";
import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";
import { supportConversations, supportMessages } from "../../db/schema/support";
import { publishUserEvent } from "../events/user-events";

/** The support team's replies a customer has not read (0 before they ever wrote). */
export async function customerUnread(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ count: count() })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(and(eq(supportConversations.userId, userId), eq(supportMessages.author, "admin"), isNull(supportMessages.readAt)));
  return row?.count ?? 0;
}

/** Every customer's and visitor's message no admin has read yet, in the whole inbox. */
export async function inboxUnread(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ count: count() })
    .from(supportMessages)
    .where(and(ne(supportMessages.author, "admin"), isNull(supportMessages.readAt)));
  return row?.count ?? 0;
}

/**
 * Marks one side's incoming messages of a conversation read, up to a message: `admin` reads
 * what the customer or visitor wrote, `customer` reads the admins' replies.
 */
export async function markRead(executor: Executor, conversationId: string, reader: "admin" | "customer", throughMessageId: number): Promise<void> {
  const written = reader === "admin" ? ne(supportMessages.author, "admin") : eq(supportMessages.author, "admin");
  await executor
    .update(supportMessages)
    .set({ readAt: sql`now()` })
    .where(and(eq(supportMessages.conversationId, conversationId), written, isNull(supportMessages.readAt), lte(supportMessages.id, throughMessageId)));
}

/**
 * Tells the customer's open pages their unread count (the header's badge), inside the
 * transaction that changed it: after a reply, and after they read in one tab.
 */
export async function publishCustomerUnread(bus: BusPublisher, tx: Executor, userId: string): Promise<number> {
  const unread = await customerUnread(tx, userId);
  await publishUserEvent(bus, tx, userId, "support.unread", { count: unread });
  return unread;
}
