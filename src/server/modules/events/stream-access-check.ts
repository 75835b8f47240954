import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Role } from "../../../shared/api/accounts";
import type { Executor } from "../../db/client";
import { session, user } from "../../db/schema/auth";
import type { OpenStream } from "./open-streams";

/** Session ids per read: one statement covers an instance's streams, within PostgreSQL's limit on parameters. */
const SESSIONS_PER_READ = 10_000;

/**
 * The sessions among `sessionIds` that would still let their holder in, with the account's role
 * now: the same test a request's viewer passes (auth/viewer.ts), a session not expired (by this
 * instance's clock, as better-auth judges it here) of an account neither banned nor deleted. Judged
 * otherwise, a browser let in again on reconnect would be ended at every check.
 */
export async function standingSessions(db: Executor, sessionIds: readonly string[]): Promise<Map<string, Role>> {
  const standing = new Map<string, Role>();
  for (let start = 0; start < sessionIds.length; start += SESSIONS_PER_READ) {
    const rows = await db
      .select({ id: session.id, role: user.role })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(and(inArray(session.id, sessionIds.slice(start, start + SESSIONS_PER_READ)), gt(session.expiresAt, new Date()), eq(user.banned, false), isNull(user.deletedAt)));
    for (const row of rows) standing.set(row.id, row.role);
  }
  return standing;
}

export interface StreamAccessCheck {
  /** Checks now (after the bus reconnected: an access change may have been lost). */
  checkNow(): void;
  stop(): void;
}

/**
 * Every `everyMs`, the sessions of this instance's open streams are read again in one statement,
 * and a stream whose session no longer stands, or whose account's role is no longer the one it
 * opened with, is ended. This is what ends a stream when no message said so: an expired session,
 * a change made where no message was sent, a message lost while the bus reconnected. A failed
 * read leaves the streams open until the next one (nothing reaches them from the database meanwhile).
 */
export function watchStreamAccess(options: { db: Executor; streams: () => Iterable<OpenStream>; everyMs: number; log: FastifyBaseLogger }): StreamAccessCheck {
  let running = false;
  let again = false;
  let stopped = false;

  const check = async () => {
    const streams = [...options.streams()];
    if (streams.length === 0) return;
    const standing = await standingSessions(options.db, [...new Set(streams.map((stream) => stream.sessionId))]);
    if (stopped) return;
    for (const stream of streams) {
      const role = standing.get(stream.sessionId);
      if (role === undefined || (role === "admin") !== stream.admin) stream.end();
    }
  };

  const checkNow = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    void check()
      .catch((error: unknown) => options.log.warn({ err: error }, "checking event streams' sessions failed; checking again later"))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          checkNow();
        }
      });
  };

  const timer = setInterval(checkNow, options.everyMs);
  timer.unref();
  return {
    checkNow,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
