import { Gauge, type Registry } from "prom-client";

/** node-postgres's pool counters (pg.Pool has them); absent on the embedded database. */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/**
 * Figures of this instance alone (Prometheus adds its `instance` label): the event
 * streams it holds open and its database connections. On PostgreSQL, node-postgres's
 * pool: connections in use (checked out) and idle, and queries waiting for one. The
 * embedded database (PGlite) is one connection inside the process, with no pool and
 * nothing that waits for one: it reports that one connection as open and nothing else.
 */
export function registerInstanceGauges(registry: Registry, sources: { openStreams(): number; pool: PoolCounts | undefined }): void {
  new Gauge({
    name: "dialwise_event_streams_open",
    help: "Server-sent event streams (/api/events) this instance holds open.",
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });
  const { pool } = sources;
  new Gauge({
    name: "dialwise_db_pool_clients",
    help: "This instance's database pool (node-postgres): connections in_use and idle, and queries waiting for one. The embedded database has one connection and no pool: state open, 1.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      if (!pool) {
        this.set({ state: "open" }, 1);
        return;
      }
      this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
}
