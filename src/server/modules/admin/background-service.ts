import { count, desc, inArray } from "drizzle-orm";
import type { BackgroundJob, WebhookDelivery, WebhookDeliveryFilter } from "../../../shared/api/admin-background";
import type { Database } from "../../db/client";
import { auditLog } from "../../db/schema/audit";
import { webhookEvents } from "../../db/schema/webhooks";
import { AppError } from "../../http/app-error";
import type { JobProblem, JobQueue } from "../../jobs/job-queue";

export const JOB_AUDIT_ACTIONS = { retry: "job.retry" } as const;

export function presentJob(problem: JobProblem): BackgroundJob {
  return {
    ...problem,
    enqueuedAt: problem.enqueuedAt.toISOString(),
    failedAt: problem.failedAt?.toISOString() ?? null,
    nextAttemptAt: problem.nextAttemptAt?.toISOString() ?? null,
  };
}

/** Puts a dead job back on its queue and audits it, in one transaction: both happen or neither. */
export async function retryDeadJob(db: Database, jobs: JobQueue, actorUserId: string, id: string): Promise<BackgroundJob> {
  return db.transaction(async (tx) => {
    const result = await jobs.admin.retryDead(tx, id);
    if (!result.retried) {
      throw new AppError(404, "job_not_found", "This job is no longer waiting for a retry: it was retried already or has expired.");
    }
    const { problem } = result;
    await tx.insert(auditLog).values({
      actorUserId,
      action: JOB_AUDIT_ACTIONS.retry,
      subjectType: "job",
      subjectId: id,
      before: { queue: problem.queue, state: problem.state, summary: problem.summary, attempts: problem.attempts, lastError: problem.lastError },
      after: { queue: problem.queue, state: "queued" },
    });
    return presentJob(problem);
  });
}

/** Webhook deliveries, newest first; `problems` are the rejected ones and those waiting for the provider to send them again. */
export async function listWebhookDeliveries(
  db: Database,
  options: { filter: WebhookDeliveryFilter; page: number; pageSize: number },
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  const where = options.filter === "problems" ? inArray(webhookEvents.outcome, ["rejected", "retry"]) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: webhookEvents.id,
        provider: webhookEvents.provider,
        eventId: webhookEvents.eventId,
        eventType: webhookEvents.eventType,
        outcome: webhookEvents.outcome,
        error: webhookEvents.error,
        deliveries: webhookEvents.deliveries,
        attempts: webhookEvents.attempts,
        receivedAt: webhookEvents.receivedAt,
        lastReceivedAt: webhookEvents.lastReceivedAt,
        processedAt: webhookEvents.processedAt,
      })
      .from(webhookEvents)
      .where(where)
      .orderBy(desc(webhookEvents.lastReceivedAt), desc(webhookEvents.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(webhookEvents).where(where),
  ]);
  return {
    total: totals?.total ?? 0,
    deliveries: rows.flatMap((row) =>
      // `processing` never commits (deliveries.ts); a row in it is one being handled right now.
      row.outcome === "processing"
        ? []
        : [
            {
              ...row,
              outcome: row.outcome,
              receivedAt: row.receivedAt.toISOString(),
              lastReceivedAt: row.lastReceivedAt.toISOString(),
              processedAt: row.processedAt?.toISOString() ?? null,
            },
          ],
    ),
  };
}
