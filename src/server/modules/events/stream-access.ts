import type { BusPublisher } from "../../db/bus";
import type { Executor } from "../../db/client";

/**
 * Bus topic: what let a user's open event streams in has changed (a session ended, the account
 * was banned or deleted, its role changed). Every instance ends the streams it names at once;
 * each browser reconnects and gets what its session allows now, or 401.
 */
export const STREAM_ACCESS_TOPIC = "stream.access";

/** Which streams lost their footing: the user's streams opened with one session, or all of them. */
export interface StreamAccessChange {
  sessionId?: string;
}

/**
 * Tells every instance to end a user's streams (of one session, or all). Pass the transaction
 * that makes the change, so the message goes out only if it commits and before anything
 * published after it.
 */
export async function announceStreamAccessChange(bus: BusPublisher, userId: string, change: StreamAccessChange = {}, executor?: Executor): Promise<void> {
  await bus.publish({ topic: STREAM_ACCESS_TOPIC, userId, data: change }, executor);
}
