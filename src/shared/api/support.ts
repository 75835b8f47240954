import { z } from "zod";
import { emailField } from "../accounts/canonical-email";
import { LOCALES } from "../i18n/locales";
import { defineEndpoint } from "./endpoint";

/**
 * Support conversations: a signed-in customer's one conversation with the support team,
 * and the tickets visitors send from the public form (answered by email). Messages are
 * plain text with their line breaks (shared/text/plain-message.ts); the server refuses an
 * empty one (400 support_message_empty) or a long one (400 support_message_too_long,
 * SUPPORT_MESSAGE_MAX_LENGTH once made plain).
 */

export const SUPPORT_KINDS = ["customer", "visitor"] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];
export const SUPPORT_STATUSES = ["open", "closed"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_AUTHORS = ["customer", "visitor", "admin"] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];

/**
 * What a text field may carry to the server: generous, so an over-long message reaches the
 * service and is refused with its own code and the limit, rather than as a bare schema failure.
 */
const rawText = z.string().max(20_000);
const moment = z.iso.datetime({ offset: true });

export const supportMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(SUPPORT_AUTHORS),
  body: z.string(),
  createdAt: moment,
  /** When the other side first saw it; null while unread. */
  readAt: moment.nullable(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportConversationSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: moment,
});

const readBody = z.object({
  /** Everything up to this message is read: a reply that arrives while the page reads stays unread. */
  throughMessageId: z.number().int().min(1),
});
const conversationParams = z.object({ conversationId: z.string().min(1).max(64) });

export const mySupportConversation = defineEndpoint({
  method: "GET",
  path: "/api/support/conversation",
  access: "user",
  summary: "The signed-in customer's conversation with the support team (null before they first write), oldest message first",
  response: z.object({ conversation: supportConversationSchema.nullable(), messages: z.array(supportMessageSchema) }),
});

export const sendSupportMessage = defineEndpoint({
  method: "POST",
  path: "/api/support/messages",
  access: "user",
  summary: "Writes to the support team (the conversation is made on the first message and reopened if it was closed)",
  body: z.object({ body: rawText, lang: z.enum(LOCALES).optional() }),
  response: z.object({ conversationId: z.string(), message: supportMessageSchema }),
  status: 201,
});

export const readSupportConversation = defineEndpoint({
  method: "POST",
  path: "/api/support/conversations/:conversationId/read",
  access: "user",
  summary: "Marks the support team's replies read, up to a message; answers the customer's unread count after",
  params: conversationParams,
  body: readBody,
  response: z.object({ unread: z.number().int() }),
});

export const supportUnread = defineEndpoint({
  method: "GET",
  path: "/api/support/unread",
  access: "user",
  summary: "How many of the support team's replies the signed-in customer has not read",
  response: z.object({ count: z.number().int() }),
});

export const createSupportTicket = defineEndpoint({
  method: "POST",
  path: "/api/support/tickets",
  access: "public",
  summary: "A visitor's message to the support team; a confirmation with its reference is emailed (429 rate_limited per address and per email)",
  body: z.object({ email: emailField, subject: rawText, message: rawText, lang: z.enum(LOCALES).optional() }),
  response: z.object({ reference: z.string() }),
  status: 201,
});

export { conversationParams as supportConversationParams, readBody as supportReadBody };
