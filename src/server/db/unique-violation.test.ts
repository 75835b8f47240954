import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { isUniqueViolation } from "./unique-violation";

describe("isUniqueViolation", () => {
  it("finds the engine's unique violation on the named index through Drizzle's wrapping, and nothing else", async () => {
    const database = await openDatabase({ inMemory: true });
    try {
      await database.db.execute("create table t (a int, b int)");
      await database.db.execute("create unique index t_a_idx on t (a)");
      await database.db.execute("insert into t values (1, 1)");
      const duplicate = await database.db.execute("insert into t values (1, 2)").catch((error: unknown) => error);
      expect(isUniqueViolation(duplicate, "t_a_idx")).toBe(true);
      expect(isUniqueViolation(duplicate, "other_idx")).toBe(false);
      const otherFailure = await database.db.execute("insert into t values ('x', 1)").catch((error: unknown) => error);
      expect(isUniqueViolation(otherFailure, "t_a_idx")).toBe(false);
    } finally {
      await database.close();
    }
  });
});
