import type { FastifyBaseLogger } from "fastify";
import type { EventBus } from "../../db/bus";
import type { Database } from "../../db/client";
import type { JobQueue } from "../../jobs/job-queue";
import type { CallMetrics } from "../../metrics/call-metrics";
import type { Carrier } from "../../providers/telephony/carrier";
import type { RatesCatalog } from "../rates/catalog";

/** What the gate, the status webhook and the reconcile job work with. */
export interface CallsDeps {
  db: Database;
  bus: EventBus;
  jobs: JobQueue;
  carrier: Carrier;
  rates: Pick<RatesCatalog, "quote">;
  /** PUBLIC_URL: the address the carrier signs its webhooks for and posts the status events to. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Signs and checks the call grants that tie a device's calls to its sign-in (call-grant.ts). */
  grantSecret: string;
  /** This server's call counters (metrics/call-metrics.ts), told once each change commits. */
  metrics: CallMetrics;
}
