import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "../../db/client";
import { DeliveredIds } from "./delivered-ids";
import type { OpenStream } from "./open-streams";
import { userEventsAfter, type StoredUserEvent } from "./user-events";

const REPLAY_PAGE = 500;

export interface LiveStreamOptions {
  raw: ServerResponse;
  db: Executor;
  userId: string;
  sessionId: string;
  address: string;
  admin: boolean;
  /** The browser's Last-Event-ID: everything up to it has been received. */
  after: number;
  heartbeatMs: number;
  log: FastifyBaseLogger;
  onClose(stream: OpenStream): void;
}

/**
 * One user's server-sent-event stream, its headers already sent. Live events
 * wait while it reads from the table (at the start, and again after the bus
 * reconnected), then follow; ids already sent are dropped, whichever way they came.
 */
export function openLiveStream(options: LiveStreamOptions): OpenStream {
  const { raw, db, userId, log } = options;
  const delivered = new DeliveredIds(options.after);
  // While a catch-up reads the table, live events wait here.
  let waiting: StoredUserEvent[] | null = null;
  let catchUps = 0;
  let reading: Promise<void> = Promise.resolve();

  const open = () => !raw.writableEnded && !raw.destroyed;
  const write = (event: StoredUserEvent) => {
    if (delivered.has(event.id) || !open()) return;
    delivered.add(event.id);
    // The id is the stream's position: the highest id sent, which a reconnect replays after.
    raw.write(`id: ${delivered.highest()}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
  };

  const readMissed = async () => {
    let after = delivered.highest();
    for (;;) {
      const page = await userEventsAfter(db, userId, after, REPLAY_PAGE);
      for (const event of page) write(event);
      if (page.length < REPLAY_PAGE || !open()) return;
      after = page.at(-1)?.id ?? after;
    }
  };

  const stream: OpenStream = {
    userId,
    sessionId: options.sessionId,
    address: options.address,
    admin: options.admin,
    announce(type, data) {
      if (open()) raw.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    deliver: (event) => (waiting ? waiting.push(event) : write(event)),
    catchUp() {
      // Hold live events from this moment, before the read starts.
      waiting ??= [];
      catchUps += 1;
      reading = reading.then(async () => {
        try {
          await readMissed();
        } catch (error) {
          // The browser reconnects with Last-Event-ID and gets the same events from another read.
          log.warn({ err: error }, "reading missed events failed; ending the stream");
          stream.end();
        } finally {
          catchUps -= 1;
          if (catchUps === 0 && waiting) {
            const held = waiting;
            waiting = null;
            for (const event of held) write(event);
          }
        }
      });
    },
    end() {
      if (open()) raw.end();
    },
  };

  const heartbeat = setInterval(() => {
    if (open()) raw.write(": heartbeat\n\n");
  }, options.heartbeatMs);
  raw.on("close", () => {
    clearInterval(heartbeat);
    options.onClose(stream);
  });
  return stream;
}
