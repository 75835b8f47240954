import pg from "pg";
import { backoffDelay, RECONNECT_BACKOFF, type Backoff } from "./backoff";

/** What a LISTEN subscription reports. */
export interface ListenHandlers {
  message(payload: string): void;
  /** The connection is gone: notifications sent from now until `up` are lost. */
  down(error: unknown): void;
  /**
   * Listening again after `down`. Runs before any notification heard on the new
   * connection is passed to `message`, so whoever reloads what was missed can
   * first start holding new messages back.
   */
  up(): void;
}

export interface Listener {
  close(): Promise<void>;
}

export type Listen = (channel: string, handlers: ListenHandlers) => Promise<Listener>;

export interface PgListenerOptions {
  /** Where to LISTEN: a session of its own, never a pooled one (a transaction-mode pooler cannot LISTEN). */
  connectionString: string;
  channel: string;
  handlers: ListenHandlers;
  backoff?: Backoff;
  /**
   * An idle LISTEN connection says nothing, so a network that silently stopped
   * carrying it would go unnoticed: ask it a `select 1` this often, and give up on
   * it when the answer takes longer than `pingTimeoutMs`.
   */
  pingIntervalMs?: number;
  pingTimeoutMs?: number;
  random?: () => number;
}

/** The application_name of listener sessions, so an operator can tell them apart in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = "dialwise listener";

const ignore = () => undefined;

/**
 * LISTENs on a dedicated PostgreSQL connection and keeps doing so: when the
 * connection drops (a server restart, pg_terminate_backend, a network that went
 * quiet), it reports `down`, reconnects with capped, jittered backoff, and
 * reports `up` once LISTEN is in force again. The first connection must succeed
 * (start-up fails otherwise); later ones are retried until `close`.
 */
export async function openPgListener(options: PgListenerOptions): Promise<Listener> {
  const { connectionString, channel, handlers } = options;
  const backoff = options.backoff ?? RECONNECT_BACKOFF;
  const pingIntervalMs = options.pingIntervalMs ?? 15_000;
  const pingTimeoutMs = options.pingTimeoutMs ?? 5_000;

  let current: pg.Client | null = null;
  let closed = false;
  let failedAttempts = 0;
  let retry: NodeJS.Timeout | undefined;
  let pinging = false;

  /** Connects and LISTENs; notifications are held until the returned `start` runs. */
  async function connect(): Promise<{ client: pg.Client; start(): void }> {
    const client = new pg.Client({ connectionString, keepAlive: true, application_name: LISTENER_APPLICATION_NAME });
    let started = false;
    const held: string[] = [];
    client.on("notification", (notification) => {
      if (notification.channel !== channel || notification.payload === undefined) return;
      if (started) handlers.message(notification.payload);
      else held.push(notification.payload);
    });
    client.on("error", (error) => lost(client, error));
    client.on("end", () => lost(client, new Error("the listener's database connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      discard(client);
      throw error;
    }
    return {
      client,
      start() {
        started = true;
        for (const payload of held.splice(0)) handlers.message(payload);
      },
    };
  }

  function discard(client: pg.Client): void {
    client.removeAllListeners();
    client.on("error", ignore);
    client.end().catch(ignore);
  }

  function lost(client: pg.Client, error: unknown): void {
    if (client !== current || closed) return;
    current = null;
    pinging = false;
    discard(client);
    handlers.down(error);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    const delay = backoffDelay(failedAttempts, backoff, options.random);
    retry = setTimeout(() => void reconnect(), delay);
    retry.unref();
  }

  async function reconnect(): Promise<void> {
    retry = undefined;
    try {
      const next = await connect();
      if (closed) return discard(next.client);
      current = next.client;
      failedAttempts = 0;
      handlers.up();
      next.start();
    } catch {
      if (closed) return;
      failedAttempts += 1;
      scheduleReconnect();
    }
  }

  function ping(): void {
    const client = current;
    if (client === null || pinging) return;
    pinging = true;
    const timeout = setTimeout(() => lost(client, new Error(`the listener's database connection did not answer within ${pingTimeoutMs} ms`)), pingTimeoutMs);
    timeout.unref();
    client.query("select 1").then(
      () => {
        clearTimeout(timeout);
        if (client === current) pinging = false;
      },
      (error: unknown) => {
        clearTimeout(timeout);
        lost(client, error);
      },
    );
  }

  const first = await connect();
  current = first.client;
  first.start();
  const pings = setInterval(ping, pingIntervalMs);
  pings.unref();

  return {
    async close() {
      closed = true;
      clearInterval(pings);
      clearTimeout(retry);
      const client = current;
      current = null;
      if (client === null) return;
      client.removeAllListeners();
      client.on("error", ignore);
      // A connection the network dropped silently may never confirm the goodbye: do not wait on it for long.
      await Promise.race([client.end().catch(ignore), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    },
  };
}
