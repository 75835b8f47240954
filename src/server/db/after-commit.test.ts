import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everyEngine, openTestDatabase, type TestDatabase } from "../test/engines";
import { afterCommit } from "./after-commit";

describe.each(everyEngine)("work after a commit on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.destroy());

  it("runs once the outermost transaction commits, never inside it, and never for what rolled back", async () => {
    const done: string[] = [];
    await database.db.transaction(async (tx) => {
      afterCommit(tx, () => done.push("outer"));
      await tx.transaction(async (kept) => {
        afterCommit(kept, () => done.push("released savepoint"));
      });
      await tx
        .transaction(async (undone) => {
          afterCommit(undone, () => done.push("rolled-back savepoint"));
          throw new Error("savepoint fails");
        })
        .catch(() => undefined);
      await tx.execute(sql`select 1`);
      expect(done).toEqual([]);
    });
    expect(done).toEqual(["outer", "released savepoint"]);

    await expect(
      database.db.transaction(async (tx) => {
        afterCommit(tx, () => done.push("rolled back"));
        throw new Error("the transaction fails");
      }),
    ).rejects.toThrow("the transaction fails");
    expect(done).toEqual(["outer", "released savepoint"]);

    // Outside a transaction every statement has committed by itself.
    afterCommit(database.db, () => done.push("bare"));
    expect(done).toEqual(["outer", "released savepoint", "bare"]);
  });
});
