import { Counter, Histogram, type Registry } from "prom-client";

/** What settleCall knows once its transaction committed: the call before and after. */
interface SettledCall {
  carrier: string;
  status: string;
  answeredAt: Date | null;
  endedAt: Date | null;
}

/** Calls as this instance saw them happen: started at the gate, answered, failed, and how soon each was settled. */
export interface CallMetrics {
  /** The gate let a call through (after its transaction committed). */
  started(carrier: string): void;
  /** A status event moved a call to answered. */
  answered(carrier: string): void;
  /** A call settled: counted failed when the carrier said so, answered when only its talk time said it was, and the time from its end to now observed. */
  settled(before: Pick<SettledCall, "answeredAt">, after: SettledCall, source: string): void;
}

/** From a carrier's last word to the call billed: a status event settles at once; a lost one waits for the reconcile job. */
const SETTLEMENT_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

export function callMetrics(registry: Registry, now: () => number = Date.now): CallMetrics {
  const counter = (name: string, help: string) => new Counter({ name, help, labelNames: ["carrier"], registers: [registry] });
  const started = counter("dialwise_calls_started_total", "Calls the gate let through on this instance, by carrier.");
  const answered = counter("dialwise_calls_answered_total", "Calls answered, by carrier (counted by the instance that heard it).");
  const failed = counter("dialwise_calls_failed_total", "Calls the carrier ended as failed, by carrier (counted by the instance that settled them).");
  const settlement = new Histogram({
    name: "dialwise_call_settlement_seconds",
    help: "Seconds from a call's end to its settlement (call log billed and ledger row written), by what settled it (status event or reconcile job).",
    labelNames: ["source"],
    buckets: SETTLEMENT_BUCKETS,
    registers: [registry],
  });
  return {
    started: (carrier) => started.inc({ carrier }),
    answered: (carrier) => answered.inc({ carrier }),
    settled(before, after, source) {
      if (before.answeredAt === null && after.answeredAt !== null) answered.inc({ carrier: after.carrier });
      if (after.status === "failed") failed.inc({ carrier: after.carrier });
      if (after.endedAt) settlement.observe({ source }, Math.max(0, (now() - after.endedAt.getTime()) / 1000));
    },
  };
}
