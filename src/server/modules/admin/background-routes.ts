import type { FastifyInstance } from "fastify";
import { ADMIN_JOB_PROBLEMS_LIMIT, adminJobRetry, adminJobs, adminWebhookDeliveries } from "../../../shared/api/admin-background";
import type { Database } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import type { JobQueue } from "../../jobs/job-queue";
import { listWebhookDeliveries, presentJob, retryDeadJob } from "./background-service";

/** The back office's view of background work: job queues, failed jobs (with retry), webhook deliveries. */
export function registerAdminBackgroundRoutes(app: FastifyInstance, deps: { db: Database; jobs: JobQueue }): void {
  registerEndpoint(app, adminJobs, async ({ reply }) => {
    reply.header("cache-control", "no-store");
    const [queues, problems] = await Promise.all([deps.jobs.admin.counts(), deps.jobs.admin.problems({ limit: ADMIN_JOB_PROBLEMS_LIMIT })]);
    return { queues, problems: problems.map(presentJob), generatedAt: new Date().toISOString() };
  });

  registerEndpoint(app, adminJobRetry, async ({ params, request }) => ({
    job: await retryDeadJob(deps.db, deps.jobs, requireViewer(request).userId, params.id),
  }));

  registerEndpoint(app, adminWebhookDeliveries, async ({ query, reply }) => {
    reply.header("cache-control", "no-store");
    const { deliveries, total } = await listWebhookDeliveries(deps.db, query);
    return { deliveries, total, page: query.page, pageSize: query.pageSize };
  });
}
