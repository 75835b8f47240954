import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEventBus, type EventBus } from "../../db/bus";
import { translations } from "../../db/schema/i18n";
import { engines, openTestDatabase, type TestDatabase } from "../../test/engines";
import { interruptible, type InterruptibleListen } from "../../test/interruptible-listen";
import { createStringsCache } from "./strings-cache";

describe.each(engines)("strings cache on %s", (engine) => {
  let database: TestDatabase;
  let connection: InterruptibleListen;
  let bus: EventBus;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    connection = interruptible(database.listen);
    bus = await createEventBus(database.db, connection.listen, (error) => {
      throw error;
    });
    await database.db.insert(translations).values([
      { language: "sv", key: "nav.home", value: "Hem" },
      { language: "sv", key: "Nav.Upper", value: "Stor" },
      { language: "sv", key: "hero.title", value: "Ring" },
      { language: "sv", key: "empty.value", value: "" },
    ]);
  });
  afterAll(async () => {
    await bus.close();
    await database.destroy();
  });

  it("filters by prefix like ILIKE, or excludes them, and drops empty values", async () => {
    const cache = createStringsCache(database.db, bus);
    expect(await cache.strings("sv")).toEqual({ "Nav.Upper": "Stor", "hero.title": "Ring", "nav.home": "Hem" });
    expect(await cache.strings("sv", { prefixes: ["nav."], exclude: false })).toEqual({ "Nav.Upper": "Stor", "nav.home": "Hem" });
    expect(await cache.strings("sv", { prefixes: ["nav."], exclude: true })).toEqual({ "hero.title": "Ring" });
  });

  it("answers from memory within its lifetime and reads again after it", async () => {
    let clock = 0;
    const cache = createStringsCache(database.db, bus, 60_000, () => clock);
    expect((await cache.strings("sv"))["hero.title"]).toBe("Ring");
    await database.db.update(translations).set({ value: "Ring oss" }).where(eq(translations.key, "hero.title"));
    clock = 59_999;
    expect((await cache.strings("sv"))["hero.title"]).toBe("Ring");
    clock = 60_000;
    expect((await cache.strings("sv"))["hero.title"]).toBe("Ring oss");
  });

  it("forgets everything when the bus reconnects: the database may have changed while it was out of reach", async () => {
    const cache = createStringsCache(database.db, bus, 60_000, () => 0);
    expect((await cache.strings("sv"))["nav.home"]).toBe("Hem");
    await database.db.update(translations).set({ value: "Start" }).where(eq(translations.key, "nav.home"));
    expect((await cache.strings("sv"))["nav.home"]).toBe("Hem");
    connection.drop();
    connection.restore();
    expect((await cache.strings("sv"))["nav.home"]).toBe("Start");
  });
});
