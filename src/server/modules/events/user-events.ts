import { and, asc, eq, gt, lt, max, sql } from "drizzle-orm";
import type { LiveEventMap, LiveEventType } from "../../../shared/api/live-events";
import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";
import { userEvents } from "../../db/schema/events";

export const USER_EVENT_TOPIC = "user_event";
/** How far back a reconnecting stream may replay. */
export const REPLAY_WINDOW_MS = 60 * 60 * 1000;

export interface StoredUserEvent {
  id: number;
  type: string;
  data: unknown;
}

/** The first key of the advisory locks that order one user's events ("UEvt"); the second is the user's. */
const USER_EVENT_LOCK_SPACE = 0x55457674;

/**
 * Records an event for one user and announces it on the bus. Pass the caller's
 * transaction so the event exists (and is announced) only if the change commits.
 *
 * A user's events get their ids in the order they commit (decision 002): before
 * the insert draws an id it takes a transaction-scoped advisory lock on the user, so a second
 * transaction publishing to the same user waits until the first one ends before
 * it draws its id. A stream that has sent id N can then never be handed a smaller
 * id later, and replay after Last-Event-ID misses nothing. The lock is held until
 * the caller's transaction ends: publish last, and publish to several users in a
 * fixed order (by user id) so two transactions cannot wait on each other.
 */
export async function publishUserEvent<T extends LiveEventType>(
  bus: BusPublisher,
  executor: Executor,
  userId: string,
  type: T,
  data: LiveEventMap[T],
): Promise<number> {
  // Its own (sub)transaction, so even without a caller's transaction the lock, the insert and the NOTIFY commit together.
  return executor.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_EVENT_LOCK_SPACE}, hashtext(${userId}))`);
    const [row] = await tx.insert(userEvents).values({ userId, type, data }).returning({ id: userEvents.id });
    if (!row) throw new Error("user event was not stored");
    await bus.publish({ topic: USER_EVENT_TOPIC, userId, id: row.id, data: { type, data } }, tx);
    return row.id;
  });
}

/** The user's latest event id (0 for none): where a stream with no Last-Event-ID starts. */
export async function latestUserEventId(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor.select({ latest: max(userEvents.id) }).from(userEvents).where(eq(userEvents.userId, userId));
  return row?.latest ?? 0;
}

export async function userEventsAfter(executor: Executor, userId: string, afterId: number, limit = 500): Promise<StoredUserEvent[]> {
  return executor
    .select({ id: userEvents.id, type: userEvents.type, data: userEvents.data })
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), gt(userEvents.id, afterId), gt(userEvents.createdAt, new Date(Date.now() - REPLAY_WINDOW_MS))))
    .orderBy(asc(userEvents.id))
    .limit(limit);
}

export async function pruneUserEvents(executor: Executor, now = new Date()): Promise<void> {
  await executor.delete(userEvents).where(lt(userEvents.createdAt, new Date(now.getTime() - REPLAY_WINDOW_MS)));
}
