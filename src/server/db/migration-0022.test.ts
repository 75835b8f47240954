import { rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client";
import { migrationsFolderBefore } from "../test/migrations-before";

describe("migration 0022: each account's activity starts from what its sessions said", () => {
  const before = migrationsFolderBefore("0022_user_activity");
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it("stamps an account with its sessions' latest use, and nothing for an account with none", async () => {
    const client = new PGlite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: before });
      for (const id of ["two-sessions", "one-session", "none"]) {
        await client.query(`insert into "user" (id, name, email, email_verified) values ($1, $1, $1 || '@example.com', true)`, [id]);
      }
      const sessions: [string, string, string][] = [
        ["s1", "two-sessions", "2026-11-20T08:00:00.000Z"],
        ["s2", "two-sessions", "2026-11-27T18:30:00.000Z"],
        ["s3", "one-session", "2026-10-01T12:00:00.000Z"],
      ];
      for (const [id, userId, updatedAt] of sessions) {
        await client.query(`insert into "session" (id, token, user_id, expires_at, updated_at) values ($1, $1, $2, now() + interval '7 days', $3)`, [id, userId, updatedAt]);
      }
      await migrate(db, { migrationsFolder });
      const { rows } = await client.query<{ user_id: string; last_active_at: Date }>(`select user_id, last_active_at from user_activity order by user_id`);
      expect(rows.map((row) => [row.user_id, row.last_active_at.toISOString()])).toEqual([
        ["one-session", "2026-10-01T12:00:00.000Z"],
        ["two-sessions", "2026-11-27T18:30:00.000Z"],
      ]);
    } finally {
      await client.close();
    }
  });
});
