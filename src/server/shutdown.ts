import type { Server } from "./app";

export interface ShutdownOptions {
  /** After this long, connections still busy are closed and their requests cut short. */
  graceMs?: number;
  /** The process exits by then, whatever is still running. */
  deadlineMs?: number;
  exit?: (code: number) => void;
}

/**
 * Stops the server cleanly on SIGTERM or SIGINT, within five seconds: no new
 * connections, every event stream ended (its browser reconnects, to another
 * instance if there is one), requests in flight finished, the database closed,
 * then exit 0. Returns a function that stops listening for the signals.
 */
export function stopOnSignals(server: Pick<Server, "app" | "close">, options: ShutdownOptions = {}): () => void {
  const { graceMs = 3_500, deadlineMs = 4_500, exit = (code) => process.exit(code) } = options;
  const log = server.app.log;
  let stopping = false;

  const stop = (signal: NodeJS.Signals) => {
    // A terminal's Ctrl-C reaches every process of the group, and tools in front of us (tsx, concurrently)
    // pass signals on as well: a repeat is expected, and the deadline below bounds the wait anyway.
    if (stopping) return log.info(`${signal} received again: already stopping`);
    stopping = true;
    const startedAt = Date.now();
    log.info(`${signal} received: ending event streams, finishing requests in flight, then exiting`);

    // A connection whose request has finished would otherwise stay open for its keep-alive time.
    const sweep = setInterval(() => server.app.server.closeIdleConnections(), 100);
    const grace = setTimeout(() => {
      log.warn(`requests still running after ${graceMs} ms: closing their connections`);
      server.app.server.closeAllConnections();
    }, graceMs);
    const deadline = setTimeout(() => {
      log.error(`could not stop within ${deadlineMs} ms: exiting anyway`);
      exit(1);
    }, deadlineMs);
    for (const timer of [sweep, grace, deadline]) timer.unref();

    server.close().then(
      () => {
        clearInterval(sweep);
        clearTimeout(grace);
        clearTimeout(deadline);
        log.info(`stopped in ${Date.now() - startedAt} ms`);
        exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, "stopping failed");
        exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  return () => {
    process.off("SIGTERM", stop);
    process.off("SIGINT", stop);
  };
}
