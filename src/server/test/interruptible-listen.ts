import type { Listen, ListenHandlers } from "../db/listener";

/**
 * Wraps a database's LISTEN so a test can cut it as a dropped connection would:
 * subscribers hear `down`, notifications are lost until `restore`, which reports
 * `up` before passing on anything new. The real reconnect on PostgreSQL is tested
 * by terminating the listener's backend (db/listener.test.ts); this lets every
 * engine, PGlite included, run what the server does about it.
 */
export interface InterruptibleListen {
  listen: Listen;
  drop(): void;
  restore(): void;
  /** Payloads that arrived while dropped and were lost: wait for one before restoring, as delivery is asynchronous. */
  lost(): string[];
}

export function interruptible(listen: Listen): InterruptibleListen {
  const subscriptions = new Set<{ handlers: ListenHandlers; connected: boolean }>();
  const lost: string[] = [];
  return {
    async listen(channel, handlers) {
      const subscription = { handlers, connected: true };
      const inner = await listen(channel, {
        message: (payload) => {
          if (subscription.connected) handlers.message(payload);
          else lost.push(payload);
        },
        down: handlers.down,
        up: handlers.up,
      });
      subscriptions.add(subscription);
      return {
        async close() {
          subscriptions.delete(subscription);
          await inner.close();
        },
      };
    },
    drop() {
      for (const subscription of subscriptions) {
        subscription.connected = false;
        subscription.handlers.down(new Error("the connection dropped"));
      }
    },
    lost: () => lost,
    restore() {
      for (const subscription of subscriptions) {
        subscription.handlers.up();
        subscription.connected = true;
      }
    },
  };
}
