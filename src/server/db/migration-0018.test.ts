import { rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client";
import { migrationsFolderBefore } from "../test/migrations-before";

describe("migration 0018: admin sign-up requests already answered are closed", () => {
  const before = migrationsFolderBefore("0018_admin_request_consumed");
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it("closes the requests of administrators and of verified customers, and keeps those still waiting for verification", async () => {
    const client = new PGlite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: before });
      // Each account as a database from before the change could hold it.
      const accounts = [
        { id: "granted", role: "admin", verified: true, requested: true },
        { id: "removed", role: "user", verified: true, requested: true },
        { id: "waiting", role: "user", verified: false, requested: true },
        // Not verified, promoted by an administrator and then demoted again: answered by that decision.
        { id: "overruled", role: "user", verified: false, requested: true },
        { id: "customer", role: "user", verified: true, requested: false },
        { id: "granted-by-admin", role: "admin", verified: true, requested: false },
      ];
      for (const account of accounts) {
        await client.query(
          `insert into "user" (id, name, email, email_verified, role, admin_requested) values ($1, $1, $1 || '@dialwise.example', $2, $3, $4)`,
          [account.id, account.verified, account.role, account.requested],
        );
      }
      await client.query(
        `insert into audit_log (actor_user_id, action, subject_type, subject_id, before, after) values ('granted-by-admin', 'user.role', 'user', 'overruled', '{"role":"user"}', '{"role":"admin"}'), ('granted-by-admin', 'user.role', 'user', 'overruled', '{"role":"admin"}', '{"role":"user"}')`,
      );
      await migrate(db, { migrationsFolder });
      const { rows } = await client.query<{ id: string; admin_requested: boolean; role: string }>(`select id, admin_requested, role from "user" order by id`);
      expect(Object.fromEntries(rows.map((row) => [row.id, [row.role, row.admin_requested]]))).toEqual({
        customer: ["user", false],
        granted: ["admin", false],
        "granted-by-admin": ["admin", false],
        overruled: ["user", false],
        removed: ["user", false],
        waiting: ["user", true],
      });
    } finally {
      await client.close();
    }
  });
});
