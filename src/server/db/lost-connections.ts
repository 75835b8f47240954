import type pg from "pg";

/**
 * Keeps a lost connection from ending the process. node-postgres emits 'error' on a
 * client whose connection goes (57P01 when its backend is terminated, "Connection
 * terminated unexpectedly" when the socket closes), and an 'error' event nobody
 * listens to ends the process. The pool listens only while a client is idle: a
 * client checked out by a transaction has no listener between its queries, nor
 * after the query that just failed.
 *
 * Every client gets a listener for its whole life. A checked-out client that loses
 * its connection goes back to the pool as broken at once (the pool closes it and
 * frees its slot), and its holder's own release becomes a no-op: Drizzle never
 * releases a client whose `begin` failed, and without this the pool would shrink by
 * one client per such loss until no request got a connection. The holder's next
 * query fails with "not queryable", which the error handler answers 503 with
 * Retry-After (db/outage.ts); PostgreSQL rolls back the transaction of a backend
 * that ends or loses its client.
 */
export function surviveLostConnections(pool: pg.Pool): void {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_error, client) => checkedOut.delete(client));
  // An idle client's error reaches the pool's own listener, which drops the client; nothing more to do.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      if (!checkedOut.has(client)) return;
      checkedOut.delete(client);
      const release = client.release.bind(client);
      client.release = () => undefined;
      release(error);
    });
  });
}
