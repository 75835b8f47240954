import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everyEngine, openTestDatabase, type TestDatabase } from "../test/engines";
import { eventually } from "../test/eventually";
import { interruptible, type InterruptibleListen } from "../test/interruptible-listen";
import { createEventBus, type BusMessage, type EventBus } from "./bus";

function nextMessage(bus: EventBus, topic: string): Promise<BusMessage> {
  return new Promise((resolve) => {
    const stop = bus.subscribe(
      (message) => {
        if (message.topic !== topic) return;
        stop();
        resolve(message);
      },
      () => undefined,
    );
  });
}

describe.each(everyEngine)("event bus on %s", (engine) => {
  let database: TestDatabase;
  let connection: InterruptibleListen;
  let bus: EventBus;
  const errors: unknown[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    connection = interruptible(database.listen);
    bus = await createEventBus(database.db, connection.listen, (error) => errors.push(error), { resyncBackoff: { baseMs: 10, capMs: 10 } });
  });
  afterAll(async () => {
    await bus.close();
    await database.destroy();
  });

  it("delivers a published message to subscribers", async () => {
    const received = nextMessage(bus, "greeting");
    await bus.publish({ topic: "greeting", userId: "u1", data: { hello: "world" } });
    expect(await received).toEqual({ topic: "greeting", userId: "u1", data: { hello: "world" } });
  });

  it("delivers a message published in a transaction only when it commits", async () => {
    const seen: string[] = [];
    const stop = bus.subscribe((message) => seen.push(message.topic), () => undefined);
    await database.db
      .transaction(async (tx) => {
        await bus.publish({ topic: "rolled-back" }, tx);
        throw new Error("abort");
      })
      .catch(() => undefined);
    const committed = nextMessage(bus, "committed");
    await database.db.transaction(async (tx) => bus.publish({ topic: "committed" }, tx));
    await committed;
    stop();
    expect(seen).not.toContain("rolled-back");
  });

  it("refuses a payload Postgres could not carry", async () => {
    await expect(bus.publish({ topic: "big", data: "x".repeat(9000) })).rejects.toThrow(/too large/);
  });

  it("is not live while its connection is down, and asks every subscriber to resync before passing on new messages", async () => {
    const log: string[] = [];
    const stop = bus.subscribe(
      (message) => log.push(`message ${message.topic}`),
      () => void log.push("resync"),
    );
    const quiet = bus.subscribe(null, () => void log.push("resync without messages"));
    expect(bus.isLive()).toBe(true);

    connection.drop();
    expect(bus.isLive()).toBe(false);
    // Lost: nobody hears it, so each subscriber must reload instead.
    await bus.publish({ topic: "while-down" });
    await eventually(async () => connection.lost(), (lost) => lost.some((payload) => payload.includes("while-down")));
    connection.restore();
    const after = nextMessage(bus, "after");
    await bus.publish({ topic: "after" });
    await after;
    stop();
    quiet();

    expect(log).toEqual(["resync", "resync without messages", "message after"]);
    expect(bus.isLive()).toBe(true);
  });

  it("retries a resync that failed, and is live only once it succeeded", async () => {
    let attempts = 0;
    const stop = bus.subscribe(null, async () => {
      attempts += 1;
      if (attempts < 3) throw new Error(`reload ${attempts} failed`);
    });
    connection.drop();
    connection.restore();
    expect(bus.isLive()).toBe(false);
    await eventually(async () => bus.isLive(), (live) => live);
    stop();
    expect(attempts).toBe(3);
    expect(errors.map((error) => (error as Error).message)).toEqual(["reload 1 failed", "reload 2 failed"]);
  });
});
