import { eq, sql } from "drizzle-orm";
import type { AdminSupportRow } from "../../../shared/api/admin-support";
import type { SupportMessage, SupportStatus } from "../../../shared/api/support";
import { auditLog } from "../../db/schema/audit";
import { supportConversations, supportMessages } from "../../db/schema/support";
import { notFound } from "../../http/app-error";
import { inboxRow } from "./admin-inbox";
import type { SupportDeps } from "./deps";
import { renderSupportEmail, supportPageUrl } from "./emails";
import { messageBody, presentMessage } from "./message-rules";
import { AWAY_AFTER_SECONDS, supportReplyNoticeJob } from "./reply-notice";
import { inboxUnread, markRead, publishCustomerUnread } from "./unread";

/**
 * An admin's answer. A customer sees it live (the `support.unread` event, the badge) and
 * is emailed if it is still unread a while later; a visitor gets it by email, quoted,
 * in the language they wrote in. The status stays as the admin left it.
 */
export async function replyToConversation(deps: SupportDeps, input: { adminId: string; conversationId: string; body: string }): Promise<SupportMessage> {
  const body = messageBody(input.body);
  const [conversation] = await deps.db.select().from(supportConversations).where(eq(supportConversations.id, input.conversationId));
  if (!conversation) throw notFound("No such conversation");
  // Rendered before the transaction: the strings are read from the database, and the transaction stays short.
  const visitorMail =
    conversation.kind === "visitor" && conversation.visitorEmail
      ? await renderSupportEmail(deps.db, "support_reply", {
          to: conversation.visitorEmail,
          locale: conversation.language,
          supportUrl: supportPageUrl(deps.publicUrl, conversation.language),
          reference: conversation.reference,
          subject: conversation.subject ?? "",
          quote: body,
        })
      : null;
  return deps.db.transaction(async (tx) => {
    const [message] = await tx.insert(supportMessages).values({ conversationId: conversation.id, author: "admin", adminId: input.adminId, body }).returning();
    if (!message) throw new Error("the reply was not stored");
    await tx.update(supportConversations).set({ lastMessageAt: sql`now()` }).where(eq(supportConversations.id, conversation.id));
    if (visitorMail) await deps.mailer.queue(visitorMail, tx);
    if (conversation.userId) {
      await deps.jobs.enqueue(tx, supportReplyNoticeJob, { conversationId: conversation.id }, { delaySeconds: AWAY_AFTER_SECONDS });
      // Last: it takes the customer's event lock until the commit (user-events.ts).
      await publishCustomerUnread(deps.bus, tx, conversation.userId);
    }
    return presentMessage(message);
  });
}

/** An admin read the customer's or visitor's messages up to one; answers what is still unread in the inbox. */
export async function readAsAdmin(deps: Pick<SupportDeps, "db">, conversationId: string, throughMessageId: number): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [conversation] = await tx.select({ id: supportConversations.id }).from(supportConversations).where(eq(supportConversations.id, conversationId));
    if (!conversation) throw notFound("No such conversation");
    await markRead(tx, conversation.id, "admin", throughMessageId);
    return inboxUnread(tx);
  });
}

/** Closes or reopens a conversation or ticket, audited (support.close, support.reopen) when it changes. */
export async function setConversationStatus(deps: Pick<SupportDeps, "db">, input: { adminId: string; conversationId: string; status: SupportStatus }): Promise<AdminSupportRow> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ status: supportConversations.status }).from(supportConversations).where(eq(supportConversations.id, input.conversationId)).for("update");
    if (!before) throw notFound("No such conversation");
    if (before.status === input.status) return;
    await tx.update(supportConversations).set({ status: input.status }).where(eq(supportConversations.id, input.conversationId));
    await tx.insert(auditLog).values({
      actorUserId: input.adminId,
      action: input.status === "closed" ? "support.close" : "support.reopen",
      subjectType: "support_conversation",
      subjectId: input.conversationId,
      before: { status: before.status },
      after: { status: input.status },
    });
  });
  return inboxRow(deps.db, input.conversationId);
}
