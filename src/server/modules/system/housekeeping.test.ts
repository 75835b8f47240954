import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { throttleCounters } from "../../db/schema/throttle";
import { userEvents } from "../../db/schema/events";
import { engines, openTestDatabase, type TestDatabase } from "../../test/engines";
import { buildUser } from "../../test/factories";
import { startTestServerOn, type TestServer } from "../../test/test-server";
import { runHousekeeping } from "./housekeeping";

const HOUR = 60 * 60 * 1000;

describe.each(engines)("housekeeping on %s", (engine) => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    database = await openTestDatabase(engine, "prepared");
    first = await startTestServerOn(database, async () => undefined);
    second = await startTestServerOn(database, () => database.destroy());
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("is filed once for the slot, however many instances share the database (each asked as it started)", async () => {
    const [row] = await queryRows<{ filed: number }>(database.db, sql`select count(*)::int as filed from pgboss.job where name = 'housekeeping'`);
    expect(row?.filed).toBe(1);
  });

  it("prunes live events older than the replay hour and throttle windows older than a day, and keeps the recent ones", async () => {
    const person = await buildUser(first);
    const now = new Date();
    await database.db.insert(userEvents).values([
      { userId: person.id, type: "balance", data: {}, createdAt: new Date(now.getTime() - 2 * HOUR) },
      { userId: person.id, type: "balance", data: {}, createdAt: new Date(now.getTime() - HOUR / 2) },
    ]);
    await database.db.insert(throttleCounters).values([
      { key: `old-${person.id}`, count: 3, windowStartedAt: new Date(now.getTime() - 25 * HOUR) },
      { key: `new-${person.id}`, count: 3, windowStartedAt: new Date(now.getTime() - HOUR) },
    ]);

    await runHousekeeping(database.db, now);

    const events = await queryRows<{ age: number }>(
      database.db,
      sql`select round(extract(epoch from (${now.toISOString()}::timestamptz - created_at)) / 60)::int as age from user_events where user_id = ${person.id} and type = 'balance' and data = '{}'::jsonb`,
    );
    expect(events.map((event) => event.age)).toEqual([30]);
    const counters = await queryRows<{ key: string }>(database.db, sql`select key from throttle_counters where key like ${`%-${person.id}`} order by key`);
    expect(counters.map((counter) => counter.key)).toEqual([`new-${person.id}`]);
  });
});
