import { createServer, connect, type Socket } from "node:net";

/**
 * A TCP relay in front of PostgreSQL, so a test can play the network: refuse
 * new connections (the database is out of reach) or stop carrying bytes on the
 * open ones without closing them (a link that went quiet).
 */
export interface TcpProxy {
  /** `url` with its host and port pointed at the relay. */
  via(url: string): string;
  /** The local ports of the relay's own connections upstream: pg_stat_activity's client_port for them. */
  upstreamPorts(): number[];
  /** While set, new connections are closed at once. */
  refuseNew(refuse: boolean): void;
  /** How many connections were refused so far. */
  refused(): number;
  /** Stops relaying on every open connection, leaving them open. */
  silenceOpen(): void;
  /** Drops every open connection and refuses new ones, as a stopped database server would. */
  stop(): Promise<void>;
  /** Accepts connections again. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket; silent: boolean }>();
  let refusing = false;
  let refusedCount = 0;

  const server = createServer((client) => {
    if (refusing) {
      refusedCount += 1;
      return void client.destroy();
    }
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream, silent: false };
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("data", (chunk) => {
      if (!pair.silent) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!pair.silent) client.write(chunk);
    });
    client.on("close", forget);
    upstream.on("close", forget);
    client.on("error", forget);
    upstream.on("error", forget);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;

  return {
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    upstreamPorts: () => [...pairs].map((pair) => pair.upstream.localPort).filter((local): local is number => local !== undefined),
    refuseNew(refuse) {
      refusing = refuse;
    },
    refused: () => refusedCount,
    silenceOpen() {
      for (const pair of pairs) pair.silent = true;
    },
    async stop() {
      refusing = true;
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
    },
    async start() {
      refusing = false;
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
