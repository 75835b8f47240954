import type { Executor } from "../../db/client";
import { JOB_QUEUES } from "../../../shared/jobs/job-queues";
import { defineJob, PermanentJobError, type JobQueue, type RetryPolicy } from "../../jobs/job-queue";
import { deleteJobsWith } from "../../jobs/job-rows";
import type { EmailMessage, EmailProvider } from "./email";

/**
 * Outgoing mail goes through the job queue: a request only enqueues the message
 * (in its transaction when it has one), and a worker hands it to the configured
 * provider (SMTP, or the local outbox and its log line), retrying while the mail
 * server is unreachable and dead-lettering what it refuses for good.
 */
export const sendEmailJob = defineJob<EmailMessage>(JOB_QUEUES.sendEmail);

/**
 * About an hour of tries (20 s, then doubling with jitter, at most 20 minutes apart) before the
 * message is dead; a reset link lives an hour, a verification link a day.
 */
const MAIL_RETRY: RetryPolicy = { retries: 6, delaySeconds: 20, maxDelaySeconds: 20 * 60 };

/**
 * Removes every message to `address` from the job queue, sent or not (its data holds the address and
 * the links), in `executor`'s transaction: an account being deleted (decision 037) leaves none behind,
 * and none still waiting goes out.
 */
export async function forgetMailTo(executor: Executor, address: string): Promise<void> {
  await deleteJobsWith(executor, sendEmailJob.queue, "to", address);
}

/** Queues messages for the worker. */
export interface Mailer {
  /** Enqueues through `executor` (a transaction: the mail leaves only if it commits). */
  queue(message: EmailMessage, executor?: Executor): Promise<void>;
}

export function createMailer(jobs: JobQueue, db: Executor): Mailer {
  return {
    async queue(message, executor = db) {
      await jobs.enqueue(executor, sendEmailJob, message);
    },
  };
}

/** The worker's side: every instance sends whatever mail is queued, through its provider. */
export function handleMailJobs(jobs: JobQueue, provider: EmailProvider, retry: RetryPolicy = MAIL_RETRY): void {
  jobs.handle(sendEmailJob, {
    retry,
    timeoutSeconds: 60,
    // Never the text: it holds the link, and the link holds a token.
    describe: (message) => `${message.kind} → ${message.to}`,
    async run(message) {
      try {
        await provider.send(message);
      } catch (error) {
        // A 5xx reply (no such mailbox, relaying denied) will be the same next time; anything else
        // (connection refused, timeout, 4xx greylisting) may not be.
        if (smtpReplyCode(error) >= 500) throw new PermanentJobError(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  });
}

function smtpReplyCode(error: unknown): number {
  const code = typeof error === "object" && error !== null ? (error as { responseCode?: unknown }).responseCode : undefined;
  return typeof code === "number" ? code : 0;
}
