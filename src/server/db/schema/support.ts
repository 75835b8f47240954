import { sql } from "drizzle-orm";
import { bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { SupportAuthor, SupportKind, SupportStatus } from "../../../shared/api/support";
import type { Locale } from "../../../shared/i18n/locales";
import { user } from "./auth";

/**
 * A conversation with the support team: a signed-in customer's one conversation
 * (kind `customer`, unique per user), or a visitor's ticket from the public form
 * (kind `visitor`, answered by email to `visitor_email`, with a subject and the
 * reference the confirmation email quotes).
 */
export const supportConversations = pgTable(
  "support_conversations",
  {
    /** Ours ("sup_…"). */
    id: text("id").primaryKey(),
    kind: text("kind").$type<SupportKind>().notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    visitorEmail: text("visitor_email"),
    subject: text("subject"),
    /** What a person quotes to us ("DW-7K3F9Q"): on every ticket and conversation, unique. */
    reference: text("reference").notNull(),
    status: text("status").$type<SupportStatus>().notNull().default("open"),
    /** The language of the page the person last wrote from: their emails are written in it. */
    language: text("language").$type<Locale>().notNull().default("en"),
    /** When the customer was last emailed about a reply they had not read (at most one an hour). */
    customerNotifiedAt: timestamp("customer_notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("support_conversations_user_idx").on(table.userId),
    uniqueIndex("support_conversations_reference_idx").on(table.reference),
    index("support_conversations_last_message_idx").on(table.lastMessageAt),
    check("support_conversations_kind_check", sql`${table.kind} in ('customer', 'visitor')`),
    check("support_conversations_status_check", sql`${table.status} in ('open', 'closed')`),
    check(
      "support_conversations_party_check",
      sql`(${table.kind} = 'customer' and ${table.userId} is not null) or (${table.kind} = 'visitor' and ${table.visitorEmail} is not null and ${table.subject} is not null)`,
    ),
  ],
);

/**
 * One message of a conversation. Each message has one reader: the support team for what
 * the customer or visitor wrote, the customer for what an admin wrote. `read_at` is when
 * that side first saw it, so an unread count is "the other side's messages with no read_at".
 */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => supportConversations.id, { onDelete: "cascade" }),
    author: text("author").$type<SupportAuthor>().notNull(),
    /** The admin who answered (null for the customer's or visitor's own messages, or an admin since removed). */
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    /** Plain text, line breaks kept (shared/text/plain-message.ts); never rendered as HTML. */
    body: text("body").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("support_messages_conversation_idx").on(table.conversationId, table.id),
    // The unread counts: a side's messages nobody on the other side has read yet.
    index("support_messages_unread_idx").on(table.conversationId, table.author).where(sql`${table.readAt} is null`),
    check("support_messages_author_check", sql`${table.author} in ('customer', 'visitor', 'admin')`),
  ],
);
