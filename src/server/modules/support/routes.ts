import type { FastifyInstance } from "fastify";
import { adminSupportList, adminSupportRead, adminSupportReply, adminSupportStatus, adminSupportThread } from "../../../shared/api/admin-support";
import { createSupportTicket, mySupportConversation, readSupportConversation, sendSupportMessage, supportUnread } from "../../../shared/api/support";
import { DEFAULT_LOCALE } from "../../../shared/i18n/locales";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import { acceptedLocale } from "../accounts/emails";
import { readAsAdmin, replyToConversation, setConversationStatus } from "./admin-actions";
import { inboxThread, listInbox } from "./admin-inbox";
import { myConversation, readCustomerConversation, sendCustomerMessage } from "./conversations";
import type { SupportDeps } from "./deps";
import { createTicket } from "./tickets";
import { customerUnread } from "./unread";

/** Support: the customer's conversation, the visitors' form, and the admins' inbox. */
export function registerSupportRoutes(app: FastifyInstance, deps: SupportDeps): void {
  const { db } = deps;

  registerEndpoint(app, mySupportConversation, async ({ request }) => myConversation(db, requireViewer(request).userId));

  registerEndpoint(app, sendSupportMessage, async ({ request, body }) =>
    sendCustomerMessage(deps, { userId: requireViewer(request).userId, body: body.body, language: body.lang ?? DEFAULT_LOCALE }),
  );

  registerEndpoint(app, readSupportConversation, async ({ request, params, body }) => ({
    unread: await readCustomerConversation(deps, { userId: requireViewer(request).userId, conversationId: params.conversationId, throughMessageId: body.throughMessageId }),
  }));

  registerEndpoint(app, supportUnread, async ({ request }) => ({ count: await customerUnread(db, requireViewer(request).userId) }));

  registerEndpoint(app, createSupportTicket, async ({ request, body }) =>
    createTicket(deps, {
      email: body.email,
      subject: body.subject,
      message: body.message,
      language: body.lang ?? acceptedLocale(request.headers["accept-language"]) ?? DEFAULT_LOCALE,
      ip: request.ip,
    }),
  );

  registerEndpoint(app, adminSupportList, async ({ query }) => listInbox(db, { status: query.status, unreadOnly: query.unread === "true", q: query.q, page: query.page }));

  registerEndpoint(app, adminSupportThread, async ({ params }) => inboxThread(db, params.conversationId));

  registerEndpoint(app, adminSupportReply, async ({ request, params, body }) => ({
    message: await replyToConversation(deps, { adminId: requireViewer(request).userId, conversationId: params.conversationId, body: body.body }),
  }));

  registerEndpoint(app, adminSupportRead, async ({ params, body }) => ({ unreadTotal: await readAsAdmin(deps, params.conversationId, body.throughMessageId) }));

  registerEndpoint(app, adminSupportStatus, async ({ request, params, body }) => ({
    conversation: await setConversationStatus(deps, { adminId: requireViewer(request).userId, conversationId: params.conversationId, status: body.status }),
  }));
}
