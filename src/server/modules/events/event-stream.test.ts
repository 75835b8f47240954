import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userEvents } from "../../db/schema/events";
import { everyEngine } from "../../test/engines";
import { openEventStream } from "../../test/event-stream-client";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { commitOutOfOrder } from "../../test/out-of-order";
import { publishUserEvent, USER_EVENT_TOPIC } from "./user-events";

describe.each(everyEngine)("live event stream on %s", (engine) => {
  let server: TestServer;
  let base: string;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    server = await startTestServer(engine, {}, { heartbeatMs: 50 });
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
  });
  afterAll(() => server.close());

  const publish = (user: TestUser, key: string) => publishUserEvent(server.bus, server.database.db, user.id, "cache.invalidate", { queryKey: [key] });
  const keys = (events: { data: unknown }[]) => events.map((event) => (event.data as { queryKey: string[] }).queryKey[0]);

  it("refuses anonymous visitors with 401", async () => {
    const response = await fetch(`${base}/api/events`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });

  it("streams a user's own events and not another user's", async () => {
    const stream = await openEventStream(base, alice.cookie);
    expect(stream.headers.get("content-type")).toMatch(/text\/event-stream/);
    await stream.subscribed;
    await publish(bob, "bob");
    const aliceId = await publish(alice, "alice");
    const [event] = await stream.waitFor(1);
    expect(event).toEqual({ id: aliceId, event: "cache.invalidate", data: { queryKey: ["alice"] } });
    // Bob's event was published first; had it reached Alice's stream it would have come first.
    expect(stream.received).toHaveLength(1);
    stream.close();
  });

  it("starts a new stream at the latest event rather than replaying the past", async () => {
    await publish(alice, "old");
    const stream = await openEventStream(base, alice.cookie);
    await stream.subscribed;
    await publish(alice, "new");
    expect(keys(await stream.waitFor(1))).toEqual(["new"]);
    stream.close();
  });

  it("replays what a reconnecting stream missed after Last-Event-ID", async () => {
    const first = await publish(alice, "one");
    await publish(alice, "two");
    await publish(alice, "three");
    const stream = await openEventStream(base, alice.cookie, { lastEventId: first });
    expect(keys(await stream.waitFor(2))).toEqual(["two", "three"]);
    stream.close();
  });

  it("sends every event once, live and on replay, when two transactions for one user commit out of order", async () => {
    const before = await publish(alice, "before");
    const stream = await openEventStream(base, alice.cookie);
    await stream.subscribed;

    const { first, second } = await commitOutOfOrder(server.database, server.bus, alice.id);
    const marker = await publish(alice, "marker");
    // Both events, each once, before the marker published after them.
    const live = await stream.waitFor(3);
    expect(live.map((event) => event.id)).toEqual([first, second, marker]);
    expect(keys(live)).toEqual(["first", "second", "marker"]);
    stream.close();

    const replay = await openEventStream(base, alice.cookie, { lastEventId: before });
    expect((await replay.waitFor(3)).map((event) => event.id)).toEqual([first, second, marker]);
    replay.close();
    const afterFirst = await openEventStream(base, alice.cookie, { lastEventId: first });
    expect((await afterFirst.waitFor(2)).map((event) => event.id)).toEqual([second, marker]);
    afterFirst.close();
  });

  it("sends an event heard after a higher id, and an event heard twice only once", async () => {
    const carol = await buildUser(server);
    const stream = await openEventStream(base, carol.cookie);
    await stream.subscribed;
    // Stored rows, announced in the wrong order and once again, as a bus may deliver them.
    const [low, high] = await server.database.db
      .insert(userEvents)
      .values([
        { userId: carol.id, type: "cache.invalidate", data: { queryKey: ["low"] } },
        { userId: carol.id, type: "cache.invalidate", data: { queryKey: ["high"] } },
      ])
      .returning({ id: userEvents.id });
    const announce = (id: number, key: string) =>
      server.bus.publish({ topic: USER_EVENT_TOPIC, userId: carol.id, id, data: { type: "cache.invalidate", data: { queryKey: [key] } } });
    await announce(high!.id, "high");
    await announce(low!.id, "low");
    await announce(high!.id, "high");
    const marker = await publish(carol, "marker");
    expect(keys(await stream.waitFor(3))).toEqual(["high", "low", "marker"]);
    // The id line is the stream's position, so a reconnect after "low" does not bring "high" back.
    expect(stream.received.map((event) => event.id)).toEqual([high!.id, high!.id, marker]);
    stream.close();
  });
  it("tells admins' streams, not customers', that a call ended or money moved, without the customer's data", async () => {
    const admin = await buildUser(server, { role: "admin" });
    const adminStream = await openEventStream(base, admin.cookie);
    const bobStream = await openEventStream(base, bob.cookie);
    await Promise.all([adminStream.subscribed, bobStream.subscribed]);
    const status = (value: "ringing" | "completed") => ({
      callSid: "CA1",
      status: value,
      talkDurationSeconds: 0,
      toNumber: "+447106123456",
      ratePerMin: "0.0235",
      timeLimitSeconds: 60,
      costUsd: null,
      reason: null,
      cutOff: null,
    });
    // A call still ringing is not an ending: nothing for the admin.
    await publishUserEvent(server.bus, server.database.db, alice.id, "call.status", status("ringing"));
    await publishUserEvent(server.bus, server.database.db, alice.id, "call.status", status("completed"));
    await publishUserEvent(server.bus, server.database.db, alice.id, "balance", { balance: "1.0000" });
    const heard = await adminStream.waitFor(2);
    expect(heard.map(({ event, data }) => ({ event, data }))).toEqual([
      { event: "admin.activity", data: { kind: "call" } },
      { event: "admin.activity", data: { kind: "money" } },
    ]);
    // Bob is a customer: Alice's events and the admins' announcements never reach him.
    await publish(bob, "marker");
    expect(keys(await bobStream.waitFor(1))).toEqual(["marker"]);
    adminStream.close();
    bobStream.close();
  });
});
