import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase, type TestDatabase } from "../test/engines";
import { eventually } from "../test/eventually";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy";
import { backoffDelay, RECONNECT_BACKOFF } from "./backoff";
import { queryRows } from "./client";
import { LISTENER_APPLICATION_NAME, openPgListener, type Listener } from "./listener";

describe("reconnect backoff", () => {
  it("doubles from the first wait up to the cap, and waits a random part of the upper half", () => {
    const ceilings = [250, 500, 1000, 2000, 4000, 5000, 5000];
    expect(ceilings.map((_, attempt) => backoffDelay(attempt, RECONNECT_BACKOFF, () => 1))).toEqual(ceilings);
    expect(ceilings.map((_, attempt) => backoffDelay(attempt, RECONNECT_BACKOFF, () => 0))).toEqual(ceilings.map((ceiling) => ceiling / 2));
    expect(backoffDelay(3, RECONNECT_BACKOFF, () => 0.5)).toBe(1500);
  });

  it("never waits longer than the cap, however many attempts failed", () => {
    expect(backoffDelay(10_000, RECONNECT_BACKOFF, () => 1)).toBe(RECONNECT_BACKOFF.capMs);
  });
});

describe.each(engines.filter((engine) => engine === "postgres"))("LISTEN on %s, when the connection is lost", (engine) => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let listener: Listener | null = null;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    const target = new URL(database.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });
  afterEach(async () => {
    await listener?.close();
    listener = null;
    proxy.refuseNew(false);
  });
  afterAll(async () => {
    await proxy.close();
    await database.destroy();
  });

  /** Opens a listener through the relay and records what it reports. */
  async function listen(options: { pingIntervalMs?: number; pingTimeoutMs?: number } = {}) {
    const heard: string[] = [];
    listener = await openPgListener({
      connectionString: proxy.via(database.url!),
      channel: "listener_test",
      handlers: {
        message: (payload) => heard.push(payload),
        down: () => heard.push("(down)"),
        up: () => heard.push("(up)"),
      },
      backoff: { baseMs: 20, capMs: 100 },
      ...options,
    });
    return heard;
  }

  const notify = (payload: string) => database.db.execute(sql`select pg_notify('listener_test', ${payload})`);
  /** The backend serving the listener: the one whose client port is one of the relay's upstream ports. */
  async function listenerBackend(): Promise<number | undefined> {
    const rows = await queryRows<{ pid: number; client_port: number }>(
      database.db,
      sql`select pid, client_port from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    const ports = proxy.upstreamPorts();
    return rows.find((row) => ports.includes(row.client_port))?.pid;
  }
  const terminate = async (pid: number) => database.db.execute(sql`select pg_terminate_backend(${pid})`);
  const heardAgain = async (heard: string[], payload: string) =>
    eventually(async () => {
      await notify(payload);
      return heard;
    }, (log) => log.includes(payload));

  it("reports the loss when its backend is terminated, listens again on a new one, and hears new messages", async () => {
    const heard = await listen();
    await notify("before");
    await eventually(async () => heard, (log) => log.includes("before"));
    const first = (await listenerBackend())!;

    await terminate(first);
    await eventually(async () => heard, (log) => log.includes("(up)"));
    await heardAgain(heard, "after");
    expect(heard.slice(0, 3)).toEqual(["before", "(down)", "(up)"]);
    expect(await listenerBackend()).not.toBe(first);
  });

  it("keeps trying while the database is out of reach, and is back once it can be reached", async () => {
    const heard = await listen();
    proxy.refuseNew(true);
    await terminate((await listenerBackend())!);
    await eventually(async () => proxy.refused(), (refused) => refused >= 3);
    expect(heard).toEqual(["(down)"]);

    proxy.refuseNew(false);
    await eventually(async () => heard, (log) => log.includes("(up)"));
    await heardAgain(heard, "back");
  });

  it("gives up on a connection that stopped answering, and listens on a new one", async () => {
    const heard = await listen({ pingIntervalMs: 50, pingTimeoutMs: 200 });
    proxy.silenceOpen();
    await eventually(async () => heard, (log) => log.includes("(up)"));
    expect(heard.slice(0, 2)).toEqual(["(down)", "(up)"]);
    await heardAgain(heard, "after the silence");
  });
});
