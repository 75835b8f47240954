import { and, eq, isNull, lte, or } from "drizzle-orm";
import { SUPPORT_REPLY_NOTICE_INTERVAL_MS } from "../../../shared/support/support-limits";
import { user } from "../../db/schema/auth";
import { supportConversations } from "../../db/schema/support";
import { JOB_QUEUES } from "../../../shared/jobs/job-queues";
import { defineJob, type JobQueue } from "../../jobs/job-queue";
import type { SupportDeps } from "./deps";
import { renderSupportEmail, supportPageUrl } from "./emails";
import { customerUnread } from "./unread";

/**
 * A customer who is away when a reply arrives hears of it by email. Away means the reply
 * is still unread this long after it was sent: a customer with the support page open reads
 * it at once (the live event), one on another page sees the badge and has time to open it.
 * Whether a stream is open is known only to the instance holding it, so it is not the test.
 */
export const AWAY_AFTER_SECONDS = 120;

export const supportReplyNoticeJob = defineJob<{ conversationId: string }>(JOB_QUEUES.supportReplyNotice);

export function handleSupportJobs(jobs: JobQueue, deps: SupportDeps): void {
  jobs.handle(supportReplyNoticeJob, {
    retry: { retries: 5, delaySeconds: 30, maxDelaySeconds: 10 * 60 },
    timeoutSeconds: 60,
    describe: (data) => `reply notice for ${data.conversationId}`,
    run: async (data) => void (await noticeAwayCustomer(deps, data.conversationId)),
  });
}

/**
 * Emails the customer that a reply waits for them, when one is still unread and they were
 * not emailed about this conversation within the hour. Claiming the hour (a conditional
 * update, so of two runs at once only one claims it) and queueing the mail share a
 * transaction. Answers whether it sent one.
 */
export async function noticeAwayCustomer(deps: SupportDeps, conversationId: string, now = new Date()): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [conversation] = await tx.select({ userId: supportConversations.userId }).from(supportConversations).where(eq(supportConversations.id, conversationId));
    // Read meanwhile (or not a customer's): nothing to tell, and the hour stays unclaimed.
    if (!conversation?.userId || (await customerUnread(tx, conversation.userId)) === 0) return false;
    const [claimed] = await tx
      .update(supportConversations)
      .set({ customerNotifiedAt: now })
      .where(
        and(
          eq(supportConversations.id, conversationId),
          or(isNull(supportConversations.customerNotifiedAt), lte(supportConversations.customerNotifiedAt, new Date(now.getTime() - SUPPORT_REPLY_NOTICE_INTERVAL_MS))),
        ),
      )
      .returning({ reference: supportConversations.reference, language: supportConversations.language });
    if (!claimed) return false;
    const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, conversation.userId));
    if (!person) return false;
    const mail = await renderSupportEmail(tx, "support_reply_waiting", {
      to: person.email,
      locale: claimed.language,
      supportUrl: supportPageUrl(deps.publicUrl, claimed.language),
      reference: claimed.reference,
    });
    await deps.mailer.queue(mail, tx);
    return true;
  });
}
