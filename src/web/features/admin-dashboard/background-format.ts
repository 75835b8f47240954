import { isJobQueueName, type JobQueueName } from "../../../shared/jobs/job-queues";
import type { TFunction } from "../../lib/i18n/translator";

/** A moment as the reader writes it: date and time, in their language. */
export function formatMoment(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/**
 * Each queue the server works (the shared list, `JOB_QUEUES`), named for people: a queue added there
 * without a name here fails the type check, and its string in a language fails background-format.test.ts.
 */
const QUEUE_NAMES: Record<JobQueueName, (t: TFunction) => string> = {
  "send-email": (t) => t("background.queue.send_email"),
  "reconcile-call": (t) => t("background.queue.reconcile_call"),
  "watch-live-calls": (t) => t("background.queue.watch_live_calls"),
  "call-quality-credit": (t) => t("background.queue.call_quality_credit"),
  "low-balance-email": (t) => t("background.queue.low_balance_email"),
  "support-reply-notice": (t) => t("background.queue.support_reply_notice"),
  housekeeping: (t) => t("background.queue.housekeeping"),
};

/** A queue's name for people; a queue this version does not know (one left from another version) keeps its own name. */
export function queueName(t: TFunction, queue: string): string {
  return isJobQueueName(queue) ? QUEUE_NAMES[queue](t) : queue;
}
