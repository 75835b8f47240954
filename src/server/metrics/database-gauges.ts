import { count, inArray } from "drizzle-orm";
import { Gauge, type Registry } from "prom-client";
import type { Database } from "../db/client";
import { databaseProbe } from "../db/outage";
import { callLogs } from "../db/schema/calls";
import type { JobAdmin, QueueCounts } from "../jobs/job-queue";
import { LIVE_CALL_STATUSES } from "../modules/calls/call-status";
import { RECONCILE_MARGIN_SECONDS } from "../modules/calls/reconcile";
import { overdueCondition } from "../modules/calls/settlement";
import { reconcileAccounts } from "../modules/credit-audit/reconciliation";

export interface DatabaseGaugeSources {
  db: Database;
  jobs: JobAdmin;
  /** The carrier this server uses: its live-call series is there (0) even before its first call. */
  carrier: string;
  log: { warn(object: object, message: string): void };
}

/**
 * Figures that live in the database, read when Prometheus scrapes (each gauge's
 * collect()), so every instance reports the deployment's truth rather than its own
 * share. A read that fails (the database is down) leaves its gauge without a sample
 * for that scrape instead of failing the whole scrape; `dialwise_database_up` says why.
 */
export function registerDatabaseGauges(registry: Registry, sources: DatabaseGaugeSources): void {
  const { db } = sources;
  const reading = async (gauge: Gauge, what: string, read: () => Promise<void>) => {
    gauge.reset();
    try {
      await read();
    } catch (error) {
      gauge.reset();
      sources.log.warn({ err: error, metric: what }, "metrics: reading a figure from the database failed");
    }
  };

  const reachable = databaseProbe(db);
  new Gauge({
    name: "dialwise_database_up",
    help: "1 when the database answered a select 1 within 2 s at this scrape, else 0.",
    registers: [registry],
    async collect() {
      this.set((await reachable()) ? 1 : 0);
    },
  });

  new Gauge({
    name: "dialwise_calls_live",
    help: "Calls live now (initiated, ringing or answered) across the deployment, by carrier; read from the database.",
    labelNames: ["carrier"],
    registers: [registry],
    async collect() {
      await reading(this, "dialwise_calls_live", async () => {
        const rows = await db.select({ carrier: callLogs.carrier, calls: count() }).from(callLogs).where(inArray(callLogs.status, LIVE_CALL_STATUSES)).groupBy(callLogs.carrier);
        this.set({ carrier: sources.carrier }, 0);
        for (const row of rows) this.set({ carrier: row.carrier }, Number(row.calls));
      });
    },
  });

  new Gauge({
    name: "dialwise_calls_stuck_live",
    help: `Calls still live past their time limit plus ${RECONCILE_MARGIN_SECONDS} s, when the reconcile job should have ended them; read from the database.`,
    registers: [registry],
    async collect() {
      await reading(this, "dialwise_calls_stuck_live", async () => {
        const [row] = await db.select({ calls: count() }).from(callLogs).where(overdueCondition(RECONCILE_MARGIN_SECONDS));
        this.set(Number(row?.calls ?? 0));
      });
    },
  });

  new Gauge({
    name: "dialwise_ledger_drift_accounts",
    help: "Accounts whose balance differs from the sum of their ledger rows or from their last row's balance_after (the credit audit's reconciliation). Must be 0.",
    registers: [registry],
    async collect() {
      await reading(this, "dialwise_ledger_drift_accounts", async () => {
        const { summary } = await reconcileAccounts(db, { onlyDrifted: true, page: 1 });
        this.set(summary.driftedAccounts);
      });
    },
  });

  // Both queue gauges are collected at once in a scrape: they share one read of the counts.
  let inFlight: Promise<QueueCounts[]> | null = null;
  const queueCounts = () => {
    inFlight ??= sources.jobs.counts().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
  new Gauge({
    name: "dialwise_job_queue_depth",
    help: "Jobs per queue and state (waiting, running, retrying), from the job queue's tables.",
    labelNames: ["queue", "state"],
    registers: [registry],
    async collect() {
      await reading(this, "dialwise_job_queue_depth", async () => {
        for (const queue of await queueCounts()) {
          this.set({ queue: queue.queue, state: "waiting" }, queue.waiting);
          this.set({ queue: queue.queue, state: "running" }, queue.running);
          this.set({ queue: queue.queue, state: "retrying" }, queue.retrying);
        }
      });
    },
  });
  new Gauge({
    name: "dialwise_job_dead_letters",
    help: "Jobs that failed for good (dead letters) per queue, waiting for an administrator to retry them.",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      await reading(this, "dialwise_job_dead_letters", async () => {
        for (const queue of await queueCounts()) this.set({ queue: queue.queue }, queue.dead);
      });
    },
  });
}
