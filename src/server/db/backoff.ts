export interface Backoff {
  /** The first wait. */
  baseMs: number;
  /** No wait is longer than this, however many attempts failed. */
  capMs: number;
}

/** Reconnecting to the database: a quick first retry, then no more than one attempt every five seconds. */
export const RECONNECT_BACKOFF: Backoff = { baseMs: 250, capMs: 5_000 };

/**
 * How long to wait before attempt `attempt` (0 for the first retry): doubling from
 * `baseMs` up to `capMs`, then a random point in the upper half of that, so every
 * instance that lost the database at the same moment does not come back at the same moment.
 */
export function backoffDelay(attempt: number, { baseMs, capMs }: Backoff, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
