import { sql } from "drizzle-orm";
import { backoffDelay, RECONNECT_BACKOFF, type Backoff } from "./backoff";
import type { Executor } from "./client";
import type { Listen } from "./listener";

/**
 * The event bus: Postgres NOTIFY on one channel, so every server instance on
 * the same database hears every event (PGlite delivers them in-process).
 * Publishing through a transaction sends the event only if it commits.
 */
export const BUS_CHANNEL = "dialwise_events";

export interface BusMessage {
  topic: string;
  /** Set for events meant for one user's live stream. */
  userId?: string;
  /** The user_events row id, when the event is kept for replay. */
  id?: number;
  data?: unknown;
}

export type BusHandler = (message: BusMessage) => void;

/**
 * Runs when the bus is listening again after its connection dropped: messages
 * sent meanwhile are lost for good, so reload from the database whatever the
 * messages keep current. Called before any message heard on the new connection
 * is delivered. A returned promise that rejects is retried (with backoff), and
 * the bus does not count as live until every resync has succeeded.
 */
export type Resync = () => void | Promise<void>;

export interface EventBus {
  publish(message: BusMessage, executor?: Executor): Promise<void>;
  /**
   * Hears every message. `resync` is required: whoever keeps state up to date
   * from messages must say how to catch up on the ones a dropped connection lost.
   * Pass `null` as the handler to hear only about resyncs (a cache that expires by itself).
   */
  subscribe(handler: BusHandler | null, resync: Resync): () => void;
  /** Listening, and every subscriber caught up since the last reconnect: what /readyz reports. */
  isLive(): boolean;
  close(): Promise<void>;
}

export interface BusLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

export interface BusOptions {
  log?: BusLog;
  /** Between attempts at a resync that failed (the database answered LISTEN but not the reload). */
  resyncBackoff?: Backoff;
}

// Postgres refuses NOTIFY payloads of 8000 bytes or more; larger data must be read from a table.
const MAX_PAYLOAD_BYTES = 7900;

/** What publishes to the bus, without listening to it. */
export type BusPublisher = Pick<EventBus, "publish">;

/**
 * A publisher for a process that does not listen (a maintenance script): its
 * messages reach the servers that do, on a real PostgreSQL, when the caller's
 * transaction commits.
 */
export function publishOnlyBus(executor: Executor): BusPublisher {
  return { publish: (message, via = executor) => notify(via, message) };
}

async function notify(via: Executor, message: BusMessage): Promise<void> {
  const payload = JSON.stringify(message);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new RangeError(`bus message on ${message.topic} is too large to NOTIFY`);
  }
  await via.execute(sql`select pg_notify(${BUS_CHANNEL}, ${payload})`);
}

export async function createEventBus(executor: Executor, listen: Listen, onError: (error: unknown) => void, options: BusOptions = {}): Promise<EventBus> {
  const subscribers = new Set<{ handler: BusHandler | null; resync: Resync }>();
  let listening = true;
  let caughtUp = true;
  // Each reconnect starts a new round of resyncs; a retry of an older round stops when a newer one began.
  let round = 0;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const deliver = (payload: string) => {
    let message: BusMessage;
    try {
      message = JSON.parse(payload) as BusMessage;
    } catch (error) {
      onError(error);
      return;
    }
    for (const { handler } of subscribers) {
      try {
        handler?.(message);
      } catch (error) {
        onError(error);
      }
    }
  };

  /** Calls every subscriber's resync now (synchronously, before any new message), then waits for them. */
  const resyncAll = (thisRound: number, failedAttempts: number) => {
    const pending: Promise<void>[] = [];
    for (const { resync } of subscribers) {
      try {
        const result = resync();
        if (result) pending.push(result);
      } catch (error) {
        pending.push(Promise.reject(error));
      }
    }
    void Promise.allSettled(pending).then((results) => {
      if (closed || thisRound !== round || !listening) return;
      const failures = results.filter((result) => result.status === "rejected");
      if (failures.length === 0) {
        caughtUp = true;
        options.log?.info("event bus: listening again and caught up");
        return;
      }
      for (const failure of failures) onError(failure.reason);
      retry = setTimeout(() => resyncAll(thisRound, failedAttempts + 1), backoffDelay(failedAttempts, options.resyncBackoff ?? RECONNECT_BACKOFF));
      retry.unref();
    });
  };

  const listener = await listen(BUS_CHANNEL, {
    message: deliver,
    down(error) {
      listening = false;
      caughtUp = false;
      clearTimeout(retry);
      options.log?.warn({ err: error }, "event bus: lost the database's notifications; reconnecting");
    },
    up() {
      listening = true;
      round += 1;
      resyncAll(round, 0);
    },
  });

  return {
    publish: (message, via = executor) => notify(via, message),
    subscribe(handler, resync) {
      const subscriber = { handler, resync };
      subscribers.add(subscriber);
      return () => void subscribers.delete(subscriber);
    },
    isLive: () => listening && caughtUp,
    async close() {
      closed = true;
      clearTimeout(retry);
      subscribers.clear();
      await listener.close();
    },
  };
}
