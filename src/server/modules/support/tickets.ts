import type { Locale } from "../../../shared/i18n/locales";
import { hitCounter } from "../../auth/throttle";
import { supportConversations, supportMessages } from "../../db/schema/support";
import { AppError } from "../../http/app-error";
import { clientKey } from "../../http/rate-limit";
import type { SupportDeps } from "./deps";
import { renderSupportEmail, supportPageUrl } from "./emails";
import { messageBody, newConversationId, newReference, ticketSubject } from "./message-rules";

const HOUR = 60 * 60 * 1000;
/**
 * The public form, counted per client address (IPv6 per /64) and per email: a person with
 * a second question gets through, a script sending a flood (or mailing a stranger our
 * confirmations) does not.
 */
export const TICKET_LIMITS = { perAddress: { max: 5, windowMs: HOUR }, perEmail: { max: 3, windowMs: HOUR } };

export interface TicketInput {
  email: string;
  subject: string;
  message: string;
  language: Locale;
  ip: string;
}

/** A visitor's message becomes a ticket the admins see; the visitor is emailed its reference. */
export async function createTicket(deps: SupportDeps, input: TicketInput): Promise<{ reference: string }> {
  const subject = ticketSubject(input.subject);
  const body = messageBody(input.message);
  const [byAddress, byEmail] = await Promise.all([
    hitCounter(deps.db, `support.ticket:address:${clientKey(input.ip)}`, TICKET_LIMITS.perAddress.windowMs),
    hitCounter(deps.db, `support.ticket:email:${input.email}`, TICKET_LIMITS.perEmail.windowMs),
  ]);
  if (byAddress.count > TICKET_LIMITS.perAddress.max || byEmail.count > TICKET_LIMITS.perEmail.max) {
    throw new AppError(429, "support_tickets_rate_limited", "You have sent us several messages in a short while. Please wait an hour before sending another; we will answer the ones we have.");
  }
  const reference = newReference();
  const mail = await renderSupportEmail(deps.db, "support_ticket_received", {
    to: input.email,
    locale: input.language,
    supportUrl: supportPageUrl(deps.publicUrl, input.language),
    reference,
    subject,
    quote: body,
  });
  await deps.db.transaction(async (tx) => {
    const id = newConversationId();
    await tx.insert(supportConversations).values({ id, kind: "visitor", visitorEmail: input.email, subject, reference, language: input.language });
    await tx.insert(supportMessages).values({ conversationId: id, author: "visitor", body });
    await deps.mailer.queue(mail, tx);
  });
  return { reference };
}
