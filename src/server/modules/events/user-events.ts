import { and, asc, eq, gt, lt } from "drizzle-orm";
import type { LiveEventMap, LiveEventType } from "../../../shared/api/live-events";
import type { EventBus } from "../../db/bus";
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

/**
 * Records an event for one user and announces it on the bus. Pass the caller's
 * transaction so the event exists (and is announced) only if the change commits.
 */
export async function publishUserEvent<T extends LiveEventType>(
  bus: EventBus,
  executor: Executor,
  userId: string,
  type: T,
  data: LiveEventMap[T],
): Promise<number> {
  const [row] = await executor.insert(userEvents).values({ userId, type, data }).returning({ id: userEvents.id });
  if (!row) throw new Error("user event was not stored");
  await bus.publish({ topic: USER_EVENT_TOPIC, userId, id: row.id, data: { type, data } }, executor);
  return row.id;
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
