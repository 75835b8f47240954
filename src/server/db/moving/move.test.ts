import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMoney } from "../../../shared/money";
import { openDatabase } from "../client";
import { databaseUrlFor, withAdminClient } from "../../test/postgres-admin";
import { balancesAndLedgers, baseTables, countEach, ledgerText, populatedDataFolder, snapshotOf, withEmbedded, type Population } from "../../test/populated-database";
import { startTestServerOn } from "../../test/test-server";
import { runDbMove } from "./move-cli";

/**
 * `npm run db:move`: an embedded database filled through the app, moved into a fresh
 * PostgreSQL database, compared table by table and balance by balance with queries of
 * the test's own, then served by a server a moved customer signs in to.
 */

const adminUrl = process.env.TEST_DATABASE_URL;

describe("npm run db:move, before it touches anything", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-move-refusals-"));
  const env = { DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("explains its usage", async () => {
    expect(await runDbMove([], env)).toMatchObject({ exitCode: 2, output: expect.stringContaining("--to is required") });
    expect(await runDbMove(["--to", "mysql://somewhere/db"], env)).toMatchObject({ exitCode: 2, output: expect.stringContaining("Not a PostgreSQL URL") });
    expect(await runDbMove(["--to", "postgres://127.0.0.1/x", "--from", "y"], env)).toMatchObject({ exitCode: 2, output: expect.stringContaining("Usage") });
  });

  it("refuses when there is no embedded database to move", async () => {
    expect(await runDbMove(["--to", "postgres://127.0.0.1:1/none"], env)).toEqual({ exitCode: 1, output: `There is no embedded database in ${path.join(dataDir, "db")} to move.` });
  });

  it("refuses while a server runs on the embedded database", async () => {
    await withEmbedded(dataDir, async () => undefined);
    // Our parent process stands in for a running server: alive, and not us.
    writeFileSync(path.join(dataDir, "server.pid"), `${process.ppid}\nthe Dialwise server\n${new Date().toISOString()}\n`);
    try {
      const result = await runDbMove(["--to", "postgres://127.0.0.1:1/none"], env);
      expect(result.exitCode).toBe(1);
      expect(result.output).toContain(`The Dialwise server (pid ${process.ppid}`);
      expect(result.output).toContain("stop it first");
    } finally {
      rmSync(path.join(dataDir, "server.pid"), { force: true });
    }
  });
});

// Needs a PostgreSQL server to move into: declared only when TEST_DATABASE_URL names one.
if (adminUrl) {
  describe("npm run db:move into PostgreSQL", () => {
    let dataDir: string;
    let population: Population;
    const created: string[] = [];
    const freshDatabase = async () => {
      const name = `dialwise_move_${randomBytes(6).toString("hex")}`;
      await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
      created.push(name);
      return databaseUrlFor(adminUrl, name);
    };
    const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" });

    beforeAll(async () => {
      ({ dataDir, population } = await populatedDataFolder("dialwise-move-"));
    }, 120_000);
    afterAll(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      for (const name of created) await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    });

    it("copies every table exactly, reconciles every balance, and a server on the copy signs a moved customer in", { timeout: 120_000 }, async () => {
      const url = await freshDatabase();
      const result = await runDbMove(["--", "--to", url], env());
      expect(result.output).toContain(`DATABASE_URL=${url}`);
      expect(result.exitCode).toBe(0);

      const before = await withEmbedded(dataDir, ({ db }) => snapshotOf(db));
      const moved = await openDatabase({ databaseUrl: url });
      try {
        const tables = await baseTables(moved.db);
        expect(tables).toEqual(before.tables);
        // Something of everything was there to move.
        for (const table of ["public.user", "public.session", "public.ledger_entries", "public.call_logs", "public.payments", "public.contacts", "public.support_messages", "public.audit_log", "public.blog_covers", "pgboss.job", "pgboss.queue"]) {
          expect(before.counts[table], table).toBeGreaterThan(0);
        }
        expect(await countEach(moved.db, tables)).toEqual(before.counts);
        expect(await ledgerText(moved.db)).toEqual(before.ledger);
        const balances = await balancesAndLedgers(moved.db);
        expect(balances).toEqual(before.balances);
        for (const account of balances) expect(parseMoney(account.balance), account.userId).toBe(parseMoney(account.ledgerSum));
        expect(balances.map((account) => account.userId)).toEqual(expect.arrayContaining(population.customers.map((customer) => customer.id)));

        // The app runs on the copy: a moved customer signs in, and new rows take ids after the moved ones.
        const server = await startTestServerOn(moved, async () => undefined);
        try {
          const [customer] = population.customers;
          const signIn = await server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: customer!.email, password: customer!.password } });
          expect(signIn.statusCode, signIn.body).toBe(200);
          const cookie = signIn.cookies.map((item) => `${item.name}=${item.value}`).join("; ");
          const balance = await server.app.inject({ url: "/api/credits/balance", headers: { cookie } });
          expect(balance.json<{ balance: string }>().balance).toBe(before.balances.find((account) => account.userId === customer!.id)?.balance);
          const adjusted = await server.app.inject({
            method: "POST",
            url: "/api/admin/credit-audit/adjustments",
            headers: { cookie: (await signInAs(server.app, population.admin)).cookie },
            payload: { email: customer!.email, amount: "+1", reason: "First change after the move" },
          });
          expect(adjusted.statusCode, adjusted.body).toBe(200);
          // A cover's bytes (bytea, every byte value) are served from the copy as they were uploaded.
          const cover = await server.app.inject(population.cover.address);
          expect(cover.statusCode).toBe(200);
          expect(cover.rawPayload.equals(population.cover.bytes)).toBe(true);
        } finally {
          await server.close();
        }
        expect((await ledgerText(moved.db)).length).toBe(before.ledger.length + 1);
      } finally {
        await moved.close();
      }
    });

    it("rolls the whole target back when the copy cannot be faithful", { timeout: 60_000 }, async () => {
      // A table the app's migrations do not make: found only after the schema was built in the target's transaction.
      const odd = mkdtempSync(path.join(tmpdir(), "dialwise-move-odd-"));
      try {
        await withEmbedded(odd, async ({ db }) => {
          await db.execute(sql`create table public.hand_made (note text)`);
        });
        const url = await freshDatabase();
        const result = await runDbMove(["--to", url], { DATA_DIR: odd, DATABASE_URL: "", LOG_LEVEL: "silent" });
        expect(result.exitCode).toBe(1);
        expect(result.output).toContain("only in the embedded database: public.hand_made(note)");
        const left = await withAdminClient(url, async (client) => (await client.query("select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle', 'pgboss')")).rows);
        expect(left).toEqual([{ n: 0 }]);
      } finally {
        rmSync(odd, { recursive: true, force: true });
      }
    });

    it("refuses a target that is not empty and writes nothing to it", { timeout: 60_000 }, async () => {
      const url = await freshDatabase();
      await withAdminClient(url, async (client) => {
        await client.query("create table notes (body text)");
        await client.query("insert into notes values ('kept')");
      });
      const result = await runDbMove(["--to", url], env());
      expect(result.exitCode).toBe(1);
      expect(result.output).toContain("The target database is not empty");
      expect(result.output).toContain("public.notes: 1");
      const tables = await withAdminClient(url, async (client) => (await client.query<{ name: string }>("select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')")).rows);
      expect(tables).toEqual([{ name: "public.notes" }]);

      // A database the app already made is refused too, though its tables may be empty.
      const migrated = await freshDatabase();
      await (await openDatabase({ databaseUrl: migrated })).close();
      const again = await runDbMove(["--to", migrated], env());
      expect(again.exitCode).toBe(1);
      expect(again.output).toMatch(/The target database is not empty:\n {2}\d+ of the app's tables already exist/);
    });
  });
}

async function signInAs(app: { inject: (options: object) => Promise<{ statusCode: number; body: string; cookies: { name: string; value: string }[] }> }, who: { email: string; password: string }) {
  const answer = await app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: who.email, password: who.password } });
  if (answer.statusCode !== 200) throw new Error(`sign-in answered ${answer.statusCode}: ${answer.body}`);
  return { cookie: answer.cookies.map((item) => `${item.name}=${item.value}`).join("; ") };
}
