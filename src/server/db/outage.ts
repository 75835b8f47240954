import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { errorChain } from "./error-chain";

/** Socket errors of a database that cannot be reached. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ECONNABORTED"]);

/**
 * SQLSTATEs of a server that is not serving: connection exceptions (class 08),
 * shutting down or restarting (57P01-57P03), out of connections (53300).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/;

/** What node-postgres and PGlite say when a connection is gone or cannot be made. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client was closed|PGlite is closed|not currently accepting connections/i;

/**
 * Whether an error means the database is unreachable rather than that a query was
 * wrong: checked through the whole cause chain, since Drizzle and better-auth wrap
 * the driver's error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of errorChain(error)) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * A cheap check that the database answers, for failures whose cause was swallowed
 * on the way (better-auth logs the driver's error and throws its own 500). Answers
 * false when the database does not answer within `timeoutMs`.
 */
export function databaseProbe(db: Pick<Database, "execute">, timeoutMs = 2000): () => Promise<boolean> {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([db.execute(sql`select 1`).then(() => true as const), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
}
