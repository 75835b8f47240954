import { sql } from "drizzle-orm";
import type { Executor, Listen } from "./client";

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

export interface EventBus {
  publish(message: BusMessage, executor?: Executor): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

// Postgres refuses NOTIFY payloads of 8000 bytes or more; larger data must be read from a table.
const MAX_PAYLOAD_BYTES = 7900;

export async function createEventBus(executor: Executor, listen: Listen, onError: (error: unknown) => void): Promise<EventBus> {
  const handlers = new Set<BusHandler>();
  const unlisten = await listen(BUS_CHANNEL, (payload) => {
    let message: BusMessage;
    try {
      message = JSON.parse(payload) as BusMessage;
    } catch (error) {
      onError(error);
      return;
    }
    for (const handler of handlers) {
      try {
        handler(message);
      } catch (error) {
        onError(error);
      }
    }
  });

  return {
    async publish(message, via = executor) {
      const payload = JSON.stringify(message);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        throw new RangeError(`bus message on ${message.topic} is too large to NOTIFY`);
      }
      await via.execute(sql`select pg_notify(${BUS_CHANNEL}, ${payload})`);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      await unlisten();
    },
  };
}
