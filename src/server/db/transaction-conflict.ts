import { errorChain } from "./error-chain";

/** SQLSTATEs of a transaction PostgreSQL rolled back because another one ran at the same time. */
const CONFLICT_STATES = new Set([
  // deadlock_detected: two transactions each waited for a row the other held.
  "40P01",
  // serialization_failure: a serializable or repeatable-read transaction saw its rows change.
  "40001",
]);

/**
 * Whether an error (or one of its causes: Drizzle wraps the driver's) is a transaction PostgreSQL
 * gave up on because of a concurrent one. Nothing was written and the same request may well pass
 * a moment later: it is a conflict to answer as such, not a failure of ours.
 */
export function isTransactionConflict(error: unknown): boolean {
  for (const current of errorChain(error)) {
    const { code } = current as { code?: unknown };
    if (typeof code === "string" && CONFLICT_STATES.has(code)) return true;
  }
  return false;
}
