import { and, asc, eq, sql } from "drizzle-orm";
import type { Locale } from "../../../shared/i18n/locales";
import type { SupportMessage } from "../../../shared/api/support";
import { hitCounter } from "../../auth/throttle";
import type { Executor } from "../../db/client";
import { supportConversations, supportMessages } from "../../db/schema/support";
import { AppError, notFound } from "../../http/app-error";
import type { SupportDeps } from "./deps";
import { messageBody, newConversationId, newReference, presentMessage } from "./message-rules";
import { markRead, publishCustomerUnread } from "./unread";

/**
 * A customer's messages to the support team: generous for a person, a wall for a script
 * filling the inbox (fixed window, counted in the database so every instance agrees).
 */
export const CUSTOMER_MESSAGE_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 };

export async function myConversation(db: Executor, userId: string) {
  const [conversation] = await db.select().from(supportConversations).where(eq(supportConversations.userId, userId));
  if (!conversation) return { conversation: null, messages: [] };
  const rows = await db.select().from(supportMessages).where(eq(supportMessages.conversationId, conversation.id)).orderBy(asc(supportMessages.id));
  return {
    conversation: { id: conversation.id, reference: conversation.reference, status: conversation.status, createdAt: conversation.createdAt.toISOString() },
    messages: rows.map(presentMessage),
  };
}

/** Writes to the support team: the customer's one conversation is made on the first message, and reopened when it was closed. */
export async function sendCustomerMessage(
  deps: Pick<SupportDeps, "db">,
  input: { userId: string; body: string; language: Locale },
): Promise<{ conversationId: string; message: SupportMessage }> {
  const body = messageBody(input.body);
  const hits = await hitCounter(deps.db, `support.message:user:${input.userId}`, CUSTOMER_MESSAGE_LIMIT.windowMs);
  if (hits.count > CUSTOMER_MESSAGE_LIMIT.max) {
    throw new AppError(429, "support_messages_rate_limited", "You have sent many messages in a short while. Please wait a few minutes; we will answer the ones we have.");
  }
  return deps.db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(supportConversations)
      .values({ id: newConversationId(), kind: "customer", userId: input.userId, reference: newReference(), language: input.language })
      .onConflictDoUpdate({
        target: supportConversations.userId,
        set: { status: "open", language: input.language, lastMessageAt: sql`now()` },
      })
      .returning({ id: supportConversations.id });
    if (!conversation) throw new Error("the support conversation was not stored");
    const [message] = await tx.insert(supportMessages).values({ conversationId: conversation.id, author: "customer", body }).returning();
    if (!message) throw new Error("the support message was not stored");
    return { conversationId: conversation.id, message: presentMessage(message) };
  });
}

/** The customer read the replies up to a message; their other tabs hear the new count. Another customer's conversation is 404. */
export async function readCustomerConversation(
  deps: Pick<SupportDeps, "db" | "bus">,
  input: { userId: string; conversationId: string; throughMessageId: number },
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ id: supportConversations.id })
      .from(supportConversations)
      .where(and(eq(supportConversations.id, input.conversationId), eq(supportConversations.userId, input.userId)));
    if (!conversation) throw notFound("No such conversation");
    await markRead(tx, conversation.id, "customer", input.throughMessageId);
    return publishCustomerUnread(deps.bus, tx, input.userId);
  });
}
