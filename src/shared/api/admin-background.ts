import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/**
 * Background work in the back office: the job queues (mail first), the jobs that
 * failed and are waiting for a retry or gave up (dead letters, which an admin can
 * put back on their queue), and the provider events (webhooks) we received.
 */
const timestamp = z.iso.datetime({ offset: true });

export const JOB_PROBLEM_STATES = ["retrying", "dead"] as const;

export const backgroundJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(JOB_PROBLEM_STATES),
  /** What the job is about, in the server's words ("verify_email to a@example.com"). */
  summary: z.string(),
  attempts: z.number().int(),
  /** Retries the queue allows after the first run. */
  retries: z.number().int(),
  lastError: z.string().nullable(),
  enqueuedAt: timestamp,
  failedAt: timestamp.nullable(),
  nextAttemptAt: timestamp.nullable(),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;

export const queueCountsSchema = z.object({
  queue: z.string(),
  waiting: z.number().int(),
  running: z.number().int(),
  retrying: z.number().int(),
  dead: z.number().int(),
  completedLastDay: z.number().int(),
});
export type QueueCountsView = z.infer<typeof queueCountsSchema>;

export const ADMIN_JOB_PROBLEMS_LIMIT = 50;

export const adminJobs = defineEndpoint({
  method: "GET",
  path: "/api/admin/jobs",
  access: "admin",
  summary: "Job queues with their counts, and the latest jobs that failed (retrying or dead)",
  response: z.object({ queues: z.array(queueCountsSchema), problems: z.array(backgroundJobSchema), generatedAt: timestamp }),
});

/** Puts a dead job back on its queue (audited). 404 job_not_found when no dead job has this id (already retried, or expired). */
export const adminJobRetry = defineEndpoint({
  method: "POST",
  path: "/api/admin/jobs/:id/retry",
  access: "admin",
  summary: "Retry a dead job",
  params: z.object({ id: z.uuid() }),
  response: z.object({ job: backgroundJobSchema }),
});

export const WEBHOOK_DELIVERY_OUTCOMES = ["processed", "ignored", "rejected", "retry"] as const;
export const WEBHOOK_DELIVERY_FILTERS = ["all", "problems"] as const;
export type WebhookDeliveryFilter = (typeof WEBHOOK_DELIVERY_FILTERS)[number];

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  eventId: z.string(),
  eventType: z.string().nullable(),
  outcome: z.enum(WEBHOOK_DELIVERY_OUTCOMES),
  error: z.string().nullable(),
  deliveries: z.number().int(),
  attempts: z.number().int(),
  receivedAt: timestamp,
  lastReceivedAt: timestamp,
  processedAt: timestamp.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const adminWebhookDeliveries = defineEndpoint({
  method: "GET",
  path: "/api/admin/webhooks/deliveries",
  access: "admin",
  summary: "Provider events received, newest first; `problems` keeps the rejected and the failing",
  query: z.object({
    filter: z.enum(WEBHOOK_DELIVERY_FILTERS).default("all"),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ deliveries: z.array(webhookDeliverySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});
