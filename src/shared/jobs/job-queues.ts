/**
 * Every job queue the server creates and works, by name. The server declares each kind of job with one of
 * these (`defineJob(JOB_QUEUES.sendEmail)`, src/server/jobs/job-queue.ts), and the back office names each
 * for people (`queueName`, src/web/features/admin-dashboard/background-format.ts, typed by `JobQueueName`),
 * so a new queue is added here once and both sides follow. The server's own test checks that the queues it
 * starts are exactly these.
 */
export const JOB_QUEUES = {
  sendEmail: "send-email",
  reconcileCall: "reconcile-call",
  watchLiveCalls: "watch-live-calls",
  callQualityCredit: "call-quality-credit",
  lowBalanceEmail: "low-balance-email",
  supportReplyNotice: "support-reply-notice",
  housekeeping: "housekeeping",
} as const;

export type JobQueueName = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];

export const JOB_QUEUE_NAMES: readonly JobQueueName[] = Object.values(JOB_QUEUES);

export function isJobQueueName(queue: string): queue is JobQueueName {
  return (JOB_QUEUE_NAMES as readonly string[]).includes(queue);
}
