import { z } from "zod";
import { CALL_STATUSES } from "./calls";
import { money4 } from "./credits";
import { defineEndpoint } from "./endpoint";
import { PAYMENT_STATUSES } from "./payments";
import {
  SUPPORT_KINDS,
  SUPPORT_STATUSES,
  supportConversationParams,
  supportMessageSchema,
  supportReadBody,
} from "./support";

/**
 * The back office's support inbox: every customer conversation and visitor ticket,
 * a thread with the customer's account beside it, replies (to a visitor by email),
 * close and reopen.
 */

export const ADMIN_SUPPORT_PAGE_SIZE = 50;
/** How much of the customer's account the thread shows beside it. */
export const ADMIN_SUPPORT_RECENT_ROWS = 5;
export const ADMIN_SUPPORT_FILTERS = ["all", "open", "closed"] as const;

const moment = z.iso.datetime({ offset: true });

export const adminSupportRowSchema = z.object({
  id: z.string(),
  kind: z.enum(SUPPORT_KINDS),
  reference: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  /** The customer's or the visitor's address. */
  email: z.string(),
  /** The customer's name (null for a visitor). */
  name: z.string().nullable(),
  /** A visitor ticket's subject (null for a customer's conversation). */
  subject: z.string().nullable(),
  /** The start of the latest message, made one line. */
  preview: z.string(),
  lastMessageAt: moment,
  /** The customer's or visitor's messages no admin has read. */
  unread: z.number().int(),
});
export type AdminSupportRow = z.infer<typeof adminSupportRowSchema>;

export const adminSupportList = defineEndpoint({
  method: "GET",
  path: "/api/admin/support/conversations",
  access: "admin",
  summary: "Conversations and visitor tickets, latest message first; filtered by status, unread and a search of email, name, subject, reference and messages",
  query: z.object({
    status: z.enum(ADMIN_SUPPORT_FILTERS).default("all"),
    unread: z.enum(["true", "false"]).default("false"),
    q: z.string().trim().max(100).default(""),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  }),
  response: z.object({
    conversations: z.array(adminSupportRowSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** Every unread message in the inbox, whatever the filter: the header's count. */
    unreadTotal: z.number().int(),
  }),
});

export const adminSupportAccountSchema = z.object({
  userId: z.string(),
  balance: money4,
  memberSince: moment,
  recentCalls: z.array(
    z.object({ callSid: z.string(), toNumber: z.string(), countryCode: z.string(), status: z.enum(CALL_STATUSES), startedAt: moment, durationSeconds: z.number().int(), costUsd: money4 }),
  ),
  recentPayments: z.array(z.object({ id: z.string(), amountUsd: money4, creditUsd: money4, status: z.enum(PAYMENT_STATUSES), createdAt: moment })),
});
export type AdminSupportAccount = z.infer<typeof adminSupportAccountSchema>;

export const adminSupportThread = defineEndpoint({
  method: "GET",
  path: "/api/admin/support/conversations/:conversationId",
  access: "admin",
  summary: "One conversation or ticket, its messages oldest first, and for a customer their balance, recent calls and payments",
  params: supportConversationParams,
  response: z.object({ conversation: adminSupportRowSchema, messages: z.array(supportMessageSchema), account: adminSupportAccountSchema.nullable() }),
});

export const adminSupportReply = defineEndpoint({
  method: "POST",
  path: "/api/admin/support/conversations/:conversationId/messages",
  access: "admin",
  summary: "Answers a conversation (the customer sees it live) or a visitor ticket (sent by email)",
  params: supportConversationParams,
  body: z.object({ body: z.string().max(20_000) }),
  response: z.object({ message: supportMessageSchema }),
  status: 201,
});

export const adminSupportRead = defineEndpoint({
  method: "POST",
  path: "/api/admin/support/conversations/:conversationId/read",
  access: "admin",
  summary: "Marks the customer's or visitor's messages read, up to a message; answers what is still unread in the whole inbox",
  params: supportConversationParams,
  body: supportReadBody,
  response: z.object({ unreadTotal: z.number().int() }),
});

export const adminSupportStatus = defineEndpoint({
  method: "PUT",
  path: "/api/admin/support/conversations/:conversationId/status",
  access: "admin",
  summary: "Closes or reopens a conversation or ticket (audited support.close / support.reopen)",
  params: supportConversationParams,
  body: z.object({ status: z.enum(SUPPORT_STATUSES) }),
  response: z.object({ conversation: adminSupportRowSchema }),
});
