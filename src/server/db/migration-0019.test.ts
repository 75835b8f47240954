import { rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client";
import { migrationsFolderBefore } from "../test/migrations-before";

describe("migration 0019: a checkout the customer cancelled is a cancelled payment", () => {
  const before = migrationsFolderBefore("0019_payment_cancelled");
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it("moves payments recorded as failed because the customer cancelled to cancelled, keeps the others, and admits the status", async () => {
    const client = new PGlite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: before });
      await client.query(`insert into "user" (id, name, email, email_verified) values ('u1', 'Ada', 'ada@dialwise.example', true)`);
      // Each payment as a database from before the change could hold it: the local checkout's cancel was recorded as failed.
      const rows = [
        { id: "pay_cancelled", status: "failed", reason: "You cancelled the checkout." },
        { id: "pay_declined", status: "failed", reason: "Your card was declined." },
        { id: "pay_expired", status: "failed", reason: "The checkout expired before it was paid" },
        { id: "pay_paid", status: "succeeded", reason: null },
        { id: "pay_open", status: "pending", reason: null },
      ];
      for (const row of rows) {
        await client.query(`insert into payments (id, user_id, provider, amount_usd, credit_usd, status, failure_reason) values ($1, 'u1', 'local', 10, 10, $2, $3)`, [
          row.id,
          row.status,
          row.reason,
        ]);
      }
      await migrate(db, { migrationsFolder });
      const { rows: after } = await client.query<{ id: string; status: string; failure_reason: string | null }>(`select id, status, failure_reason from payments order by id`);
      expect(Object.fromEntries(after.map((row) => [row.id, [row.status, row.failure_reason]]))).toEqual({
        pay_cancelled: ["cancelled", "You cancelled the checkout."],
        pay_declined: ["failed", "Your card was declined."],
        pay_expired: ["failed", "The checkout expired before it was paid"],
        pay_open: ["pending", null],
        pay_paid: ["succeeded", null],
      });
      await client.query(`insert into payments (id, user_id, provider, amount_usd, credit_usd, status) values ('pay_new', 'u1', 'local', 10, 10, 'cancelled')`);
      await expect(client.query(`insert into payments (id, user_id, provider, amount_usd, credit_usd, status) values ('pay_odd', 'u1', 'local', 10, 10, 'abandoned')`)).rejects.toThrow(
        /payments_status_check/,
      );
    } finally {
      await client.close();
    }
  });
});
