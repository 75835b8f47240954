import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "./db/client";
import { LISTENER_APPLICATION_NAME } from "./db/listener";
import { translations } from "./db/schema/i18n";
import { publishUserEvent } from "./modules/events/user-events";
import { updateCountryRate } from "./modules/rates/country-rate-update";
import { engines, everyEngine, openTestDatabase, type TestDatabase } from "./test/engines";
import { openEventStream } from "./test/event-stream-client";
import { eventually } from "./test/eventually";
import { buildUser, type TestUser } from "./test/factories";
import { interruptible, type InterruptibleListen } from "./test/interruptible-listen";
import { commitOutOfOrder } from "./test/out-of-order";
import { startTcpProxy, type TcpProxy } from "./test/tcp-proxy";
import { startTestServerOn, type TestServer } from "./test/test-server";

/**
 * What a server does when its LISTEN connection drops: notifications sent
 * meanwhile are gone, so it must say it is not ready, and once it listens again
 * reload every cache and let every open event stream read what it missed.
 */

const JAMAICAN_MOBILE = "+18762101234";

async function listenOnPort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const lookupRate = async (server: TestServer) =>
  (await server.app.inject({ method: "POST", url: "/api/rates/lookup", payload: { number: JAMAICAN_MOBILE } })).json<{ rate: string }>().rate;

describe.each(everyEngine)("a server whose bus lost its connection, on %s", (engine) => {
  let database: TestDatabase;
  let connection: InterruptibleListen;
  let server: TestServer;
  let base: string;
  let admin: TestUser;
  let alice: TestUser;
  beforeAll(async () => {
    database = await openTestDatabase(engine, "prepared");
    connection = interruptible(database.listen);
    server = await startTestServerOn({ ...database, listen: connection.listen }, () => database.destroy());
    base = await listenOnPort(server.app);
    [admin, alice] = await Promise.all([buildUser(server, { role: "admin" }), buildUser(server)]);
  });
  afterAll(() => server.close());

  /** Drops the connection, runs `meanwhile`, waits until its announcement was lost, and restores the connection. */
  async function whileDisconnected(meanwhile: () => Promise<unknown>, announcement: string) {
    const lostBefore = connection.lost().length;
    connection.drop();
    await meanwhile();
    await eventually(async () => connection.lost().slice(lostBefore), (lost) => lost.some((payload) => payload.includes(announcement)));
    connection.restore();
  }

  it("answers /readyz with 503 and Retry-After while not listening, and 200 once back and caught up", async () => {
    expect((await server.app.inject("/readyz")).statusCode).toBe(200);
    connection.drop();
    const down = await server.app.inject("/readyz");
    expect(down.statusCode).toBe(503);
    expect(down.headers["retry-after"]).toBe("5");
    expect(down.json()).toEqual({ error: { code: "notifications_unavailable", message: expect.stringMatching(/notifications/) } });
    connection.restore();
    await eventually(async () => (await server.app.inject("/readyz")).statusCode, (status) => status === 200);
  });

  it("reloads the prices once back: a change announced while it was not listening is served", async () => {
    const before = await lookupRate(server);
    expect(before).not.toBe("0.7000");
    // As another instance would: change and announce, without refreshing this instance's catalog.
    await whileDisconnected(async () => {
      const [jamaica] = await queryRows<{ version: number }>(server.database.db, sql`select version from country_rates where country_code = 'JM'`);
      await updateCountryRate({ db: server.database.db, bus: server.bus, actorUserId: admin.id }, "JM", {
        version: jamaica!.version,
        our_cheapest_rate: "0.7000",
        our_most_expensive_rate: "0.7000",
      });
      // The announcement was lost: the old price is still served, remembered answer and all.
      expect(await lookupRate(server)).toBe(before);
    }, "rates_changed");
    await eventually(() => lookupRate(server), (rate) => rate === "0.7000");
  });

  it("forgets the interface strings once back", async () => {
    const strings = async () => (await server.app.inject("/api/i18n/sv")).json<{ strings: Record<string, string> }>().strings["errors.not_found"];
    const shipped = await strings();
    await server.database.db.update(translations).set({ value: "Ändrad text" }).where(eq(translations.key, "errors.not_found"));
    expect(await strings()).toBe(shipped);
    connection.drop();
    connection.restore();
    expect(await strings()).toBe("Ändrad text");
  });

  it("sends an open stream the events published while it was not listening, each once", async () => {
    const stream = await openEventStream(base, alice.cookie);
    await stream.subscribed;
    const seen = await publishUserEvent(server.bus, server.database.db, alice.id, "cache.invalidate", { queryKey: ["seen"] });
    await stream.waitFor(1);
    let missed = 0;
    await whileDisconnected(async () => {
      missed = await publishUserEvent(server.bus, server.database.db, alice.id, "cache.invalidate", { queryKey: ["missed"] });
    }, '"missed"');
    const marker = await publishUserEvent(server.bus, server.database.db, alice.id, "cache.invalidate", { queryKey: ["marker"] });
    expect((await stream.waitFor(3)).map((event) => event.id)).toEqual([seen, missed, marker]);
    stream.close();
  });
});

describe.each(engines.filter((engine) => engine === "postgres"))("two server instances on one %s database", (engine) => {
  let shared: TestDatabase;
  let proxy: TcpProxy;
  let first: TestServer;
  let second: TestServer;
  let firstBase: string;
  let admin: TestUser;
  let alice: TestUser;
  beforeAll(async () => {
    shared = await openTestDatabase(engine, "prepared");
    const target = new URL(shared.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    second = await startTestServerOn(shared, async () => undefined);
    // The first instance LISTENs through a relay the test controls, so it can keep it from reconnecting.
    const firstDatabase: DatabaseHandle = await openDatabase({ databaseUrl: shared.url!, listenUrl: proxy.via(shared.url!) });
    first = await startTestServerOn(firstDatabase, () => firstDatabase.close());
    firstBase = await listenOnPort(first.app);
    [admin, alice] = await Promise.all([buildUser(second, { role: "admin" }), buildUser(second)]);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await proxy.close();
    await shared.destroy();
  });

  /** The first instance's LISTEN backend: the listener session whose client port is the relay's. */
  async function firstListenerBackend(): Promise<number> {
    const rows = await queryRows<{ pid: number; client_port: number }>(
      shared.db,
      sql`select pid, client_port from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    const pid = rows.find((row) => proxy.upstreamPorts().includes(row.client_port))?.pid;
    if (pid === undefined) throw new Error(`no listener session behind the relay among ${JSON.stringify(rows)}`);
    return pid;
  }

  it("serves on the first instance a price changed on the second while the first's listener was down, and is not ready meanwhile", { timeout: 90_000 }, async () => {
    const stream = await openEventStream(firstBase, alice.cookie);
    await stream.subscribed;
    const before = await lookupRate(first);
    expect((await first.app.inject("/readyz")).statusCode).toBe(200);

    // The listener's backend is killed, and the database stays out of its reach until released.
    proxy.refuseNew(true);
    await shared.db.execute(sql`select pg_terminate_backend(${await firstListenerBackend()})`);
    // Seen at once when the relay passes the backend's end on; else by the listener's ping, up to 15 + 5 s later.
    const down = await eventually(() => first.app.inject("/readyz"), (response) => response.statusCode === 503, 30_000);
    expect(down.headers["retry-after"]).toBe("5");
    expect(down.json().error.code).toBe("notifications_unavailable");

    const row = (await second.app.inject({ url: "/api/admin/rates/countries?q=JM&sort=code", headers: { cookie: admin.cookie } })).json().countries[0];
    const edit = await second.app.inject({
      method: "PATCH",
      url: "/api/admin/rates/countries/JM",
      headers: { cookie: admin.cookie },
      payload: { version: row.version, our_cheapest_rate: "0.8000", our_most_expensive_rate: "0.8000" },
    });
    expect(edit.statusCode).toBe(200);
    expect(await lookupRate(second)).toBe("0.8000");
    const missed = await publishUserEvent(second.bus, second.database.db, alice.id, "cache.invalidate", { queryKey: ["missed"] });
    // Still down and still on the old price: it could not have heard either.
    expect(await lookupRate(first)).toBe(before);
    expect((await first.app.inject("/readyz")).statusCode).toBe(503);

    proxy.refuseNew(false);
    // The listener's next attempt may be up to its 5 s cap away, and one made while refused may still be failing:
    // on a busy machine coming back took over 10 s once. What is tested is that it comes back and catches up.
    await eventually(() => lookupRate(first), (rate) => rate === "0.8000", 30_000);
    await eventually(async () => (await first.app.inject("/readyz")).statusCode, (status) => status === 200, 30_000);
    expect((await stream.waitFor(1)).map((event) => event.id)).toEqual([missed]);
    stream.close();
  });

  it("delivers two events committed out of order on the second instance to a stream on the first, once each, live and on replay", async () => {
    const before = await publishUserEvent(second.bus, second.database.db, alice.id, "cache.invalidate", { queryKey: ["before"] });
    const stream = await openEventStream(firstBase, alice.cookie);
    await stream.subscribed;
    const { first: firstEvent, second: secondEvent } = await commitOutOfOrder(second.database, second.bus, alice.id);
    const marker = await publishUserEvent(second.bus, second.database.db, alice.id, "cache.invalidate", { queryKey: ["marker"] });
    expect((await stream.waitFor(3)).map((event) => event.id)).toEqual([firstEvent, secondEvent, marker]);
    stream.close();

    const replay = await openEventStream(firstBase, alice.cookie, { lastEventId: before });
    expect((await replay.waitFor(3)).map((event) => event.id)).toEqual([firstEvent, secondEvent, marker]);
    replay.close();
  });
});
