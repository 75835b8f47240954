import type { BusPublisher } from "../../db/bus";
import type { Database } from "../../db/client";
import type { JobQueue } from "../../jobs/job-queue";
import type { Mailer } from "../../providers/email/mail-jobs";

/** What the support module works with. */
export interface SupportDeps {
  db: Database;
  bus: BusPublisher;
  jobs: Pick<JobQueue, "enqueue">;
  mailer: Mailer;
  /** PUBLIC_URL: the emails link back to the support page. */
  publicUrl: string;
}
