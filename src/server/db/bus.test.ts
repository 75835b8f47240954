import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase, type TestDatabase } from "../test/engines";
import { createEventBus, type BusMessage, type EventBus } from "./bus";

function nextMessage(bus: EventBus, topic: string): Promise<BusMessage> {
  return new Promise((resolve) => {
    const stop = bus.subscribe((message) => {
      if (message.topic !== topic) return;
      stop();
      resolve(message);
    });
  });
}

describe.each(engines)("event bus on %s", (engine) => {
  let database: TestDatabase;
  let bus: EventBus;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    bus = await createEventBus(database.db, database.listen, (error) => {
      throw error;
    });
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
    const stop = bus.subscribe((message) => seen.push(message.topic));
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
});
