import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { userActivity } from "../../db/schema/activity";
import type { ActivityStamp } from "../../http/access";

/** How often an instance writes an account's activity at most: "Last active" is read in minutes, not seconds. */
export const ACTIVITY_STAMP_MS = 5 * 60_000;
/** Accounts an instance remembers stamping; past this it starts afresh (a stamp too many costs one write). */
const REMEMBERED = 50_000;

/**
 * Stamps `user_activity` for signed-in requests, once per account per ACTIVITY_STAMP_MS per instance. The
 * write goes on beside the request: a lost database or an account deleted meanwhile loses a stamp, not a
 * request. Another instance's later stamp never moves the time back (greatest).
 */
export function createActivityStamp(db: Database, log: Pick<FastifyBaseLogger, "warn">, now: () => number = Date.now): ActivityStamp {
  const stamped = new Map<string, number>();
  return {
    note(userId) {
      const at = now();
      const last = stamped.get(userId);
      if (last !== undefined && at - last < ACTIVITY_STAMP_MS) return;
      if (stamped.size >= REMEMBERED) stamped.clear();
      stamped.set(userId, at);
      db.insert(userActivity)
        .values({ userId, lastActiveAt: new Date(at) })
        .onConflictDoUpdate({ target: userActivity.userId, set: { lastActiveAt: sql`greatest(${userActivity.lastActiveAt}, excluded.last_active_at)` } })
        // Tried again ACTIVITY_STAMP_MS later like any stamp: during an outage, no extra write per request.
        .catch((error: unknown) => log.warn({ err: error, userId }, "could not stamp the account's activity"));
    },
  };
}
