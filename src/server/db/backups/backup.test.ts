import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMoney } from "../../../shared/money";
import { openDatabase } from "../client";
import { databaseUrlFor, withAdminClient } from "../../test/postgres-admin";
import { buyCredit, populatedDataFolder, populateThroughTheApp, snapshotOf, withEmbedded, withServerOn, type Population } from "../../test/populated-database";
import { startTestServerOn, type TestServer } from "../../test/test-server";
import { runDbBackup, runDbRestore } from "./backup-cli";
import { chooseBackup } from "./backup-files";

/**
 * `npm run db:backup` and `npm run db:restore` on each engine: a database filled through
 * the app is backed up, changed, and restored; afterwards every table has the rows it had
 * when it was backed up and every balance equals its ledger, by the test's own queries.
 */

type Snapshot = Awaited<ReturnType<typeof snapshotOf>>;

function expectReconciled(snapshot: Snapshot) {
  expect(snapshot.balances.length).toBeGreaterThan(0);
  for (const account of snapshot.balances) expect(parseMoney(account.balance), account.userId).toBe(parseMoney(account.ledgerSum));
}

const backupFileIn = (output: string) => /to (\S+) \(\d+ KiB\)\./.exec(output)?.[1] ?? "";

describe("backing up and restoring the embedded database", () => {
  let dataDir: string;
  let population: Population;
  const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" });
  beforeAll(async () => {
    ({ dataDir, population } = await populatedDataFolder("dialwise-backup-"));
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("restores the database as it was backed up, refusing to replace it unless told", { timeout: 120_000 }, async () => {
    const backup = await runDbBackup([], env());
    expect(backup.exitCode, backup.output).toBe(0);
    const file = backupFileIn(backup.output);
    expect(path.dirname(file)).toBe(path.join(dataDir, "backups"));
    expect(path.basename(file)).toMatch(/^dialwise-\d{8}-\d{6}Z\.tar\.gz$/);
    const backedUp = await withEmbedded(dataDir, ({ db }) => snapshotOf(db));
    expectReconciled(backedUp);

    // Changed after the backup: a purchase the restore takes away again.
    await withServerOn(dataDir, (server) => buyCredit(server, population.customers[0]!, "5"));
    expect((await withEmbedded(dataDir, ({ db }) => snapshotOf(db))).ledger.length).toBe(backedUp.ledger.length + 1);

    const refused = await runDbRestore(["--from", file], env());
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toContain(`The embedded database in ${path.join(dataDir, "db")} is not empty:`);
    expect(refused.output).toContain("Add --replace");

    const restored = await runDbRestore(["--", "--replace"], env());
    expect(restored.exitCode, restored.output).toBe(0);
    expect(restored.output).toContain(`Restored ${file} into ${path.join(dataDir, "db")}:`);
    expect(restored.output).toMatch(/Replaced what the embedded database held, now kept in .*db\.replaced-\d{14}:/);
    const after = await withEmbedded(dataDir, ({ db }) => snapshotOf(db));
    expect(after).toEqual(backedUp);
    expectReconciled(after);
    expect(readdirSync(dataDir).filter((name) => name.startsWith("db.replaced-"))).toHaveLength(1);
  });

  it("refuses both while a server runs on the embedded database", async () => {
    // Our parent process stands in for a running server: alive, and not us.
    writeFileSync(path.join(dataDir, "server.pid"), `${process.ppid}\nthe Dialwise server\n${new Date().toISOString()}\n`);
    try {
      for (const result of [await runDbBackup([], env()), await runDbRestore(["--replace"], env())]) {
        expect(result.exitCode).toBe(1);
        expect(result.output).toContain(`The Dialwise server (pid ${process.ppid}`);
      }
    } finally {
      rmSync(path.join(dataDir, "server.pid"), { force: true });
    }
  });

  it("refuses a backup of the other engine and a folder without backups", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "dialwise-no-backups-"));
    try {
      expect(await runDbRestore(["--from", empty], env())).toEqual({ exitCode: 1, output: `There is no embedded database (.tar.gz) backup in ${empty}.` });
      const dump = path.join(empty, "dialwise-20260101-000000Z.dump");
      writeFileSync(dump, "");
      expect(await runDbRestore(["--from", dump], env())).toMatchObject({ exitCode: 1, output: expect.stringContaining("is a PostgreSQL backup, but DATABASE_URL is not set") });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

// pg_dump and pg_restore need a PostgreSQL server: declared only when TEST_DATABASE_URL names one.
if (adminUrl) {
  describe("backing up and restoring a PostgreSQL database", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "dialwise-pg-backups-"));
    const created: string[] = [];
    let url: string;
    let population: Population;
    const freshDatabase = async () => {
      const name = `dialwise_backup_${randomBytes(6).toString("hex")}`;
      await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
      created.push(name);
      return databaseUrlFor(adminUrl, name);
    };
    const env = (databaseUrl: string, extra: Record<string, string> = {}) => ({ ...process.env, DATA_DIR: folder, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", ...extra });
    const withServer = async <T>(databaseUrl: string, work: (server: TestServer) => Promise<T>) => {
      const database = await openDatabase({ databaseUrl });
      const server = await startTestServerOn(database, () => database.close());
      try {
        return await work(server);
      } finally {
        await server.close();
      }
    };
    const snapshot = async (databaseUrl: string) => {
      const database = await openDatabase({ databaseUrl });
      try {
        return await snapshotOf(database.db);
      } finally {
        await database.close();
      }
    };

    beforeAll(async () => {
      url = await freshDatabase();
      population = await withServer(url, populateThroughTheApp);
    }, 120_000);
    afterAll(async () => {
      rmSync(folder, { recursive: true, force: true });
      for (const name of created) await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    });

    it("restores the backup into an empty database and over the changed one, each exactly as backed up", { timeout: 120_000 }, async () => {
      const backup = await runDbBackup(["--to", folder], env(url));
      expect(backup.exitCode, backup.output).toBe(0);
      const file = backupFileIn(backup.output);
      expect(path.basename(file)).toMatch(/^dialwise-\d{8}-\d{6}Z\.dump$/);
      const backedUp = await snapshot(url);
      expectReconciled(backedUp);

      await withServer(url, (server) => buyCredit(server, population.customers[1]!, "5"));
      expect((await snapshot(url)).ledger.length).toBe(backedUp.ledger.length + 1);

      const empty = await freshDatabase();
      const intoEmpty = await runDbRestore(["--from", folder], env(empty));
      expect(intoEmpty.exitCode, intoEmpty.output).toBe(0);
      expect(await snapshot(empty)).toEqual(backedUp);

      const refused = await runDbRestore(["--from", file], env(url));
      expect(refused.exitCode).toBe(1);
      expect(refused.output).toContain("The database is not empty:");
      expect(refused.output).toContain("add --replace");

      const replaced = await runDbRestore(["--from", file, "--replace"], env(url));
      expect(replaced.exitCode, replaced.output).toBe(0);
      expect(replaced.output).toContain("Replaced what the database held:");
      const after = await snapshot(url);
      expect(after).toEqual(backedUp);
      expectReconciled(after);

      // The restored database serves: a customer signs in with the password they had.
      await withServer(url, async (server) => {
        const customer = population.customers[1]!;
        const signIn = await server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: customer.email, password: customer.password } });
        expect(signIn.statusCode, signIn.body).toBe(200);
      });
    });

    it("leaves the database as it was when a restore breaks off", { timeout: 60_000 }, async () => {
      const tools = mkdtempSync(path.join(tmpdir(), "dialwise-cut-"));
      expect((await runDbBackup(["--to", tools], env(url))).exitCode).toBe(0);
      const before = await snapshot(url);
      const whole = readFileSync(chooseBackup(tools, "postgres"));
      const cut = path.join(tools, "dialwise-20260101-000000Z.dump");
      writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
      const result = await runDbRestore(["--from", cut, "--replace"], env(url));
      expect(result.exitCode).toBe(1);
      expect(result.output).toMatch(/^The restore failed and nothing was changed: pg_restore failed: /);
      expect(await snapshot(url)).toEqual(before);

      // A pg_restore that wrote valid SQL and then failed: the drops of --replace and what it wrote are rolled back.
      writeFileSync(
        path.join(tools, "pg_restore"),
        '#!/bin/sh\nif [ "$1" = "--version" ]; then echo "pg_restore (PostgreSQL) 99.0"; exit 0; fi\necho "create table public.half_restored (id int);"\necho "pg_restore: error: disk full" >&2\nexit 1\n',
      );
      chmodSync(path.join(tools, "pg_restore"), 0o755);
      const failed = await runDbRestore(["--from", cut, "--replace"], env(url, { PATH: `${tools}:${process.env.PATH ?? ""}` }));
      expect(failed).toEqual({ exitCode: 1, output: "The restore failed and nothing was changed: pg_restore failed: pg_restore: error: disk full" });
      expect(await snapshot(url)).toEqual(before);
      rmSync(tools, { recursive: true, force: true });
    });

    it("refuses to replace a database another connection is using", async () => {
      const database = await openDatabase({ databaseUrl: url });
      try {
        const result = await runDbRestore(["--from", folder, "--replace"], env(url));
        expect(result.exitCode).toBe(1);
        expect(result.output).toMatch(/^\d+ other connections are open to the database .*stop every server using it/);
      } finally {
        await database.close();
      }
    });

    it("refuses when pg_dump is missing or older than the server, and writes no file", async () => {
      const tools = mkdtempSync(path.join(tmpdir(), "dialwise-pg-tools-"));
      const out = path.join(tools, "out");
      try {
        const missing = await runDbBackup(["--to", out], env(url, { PATH: tools }));
        expect(missing).toMatchObject({ exitCode: 1, output: expect.stringContaining("pg_dump was not found on the PATH") });
        writeFileSync(path.join(tools, "pg_dump"), "#!/bin/sh\necho 'pg_dump (PostgreSQL) 9.6.24'\n");
        chmodSync(path.join(tools, "pg_dump"), 0o755);
        const old = await runDbBackup(["--to", out], env(url, { PATH: tools }));
        expect(old.exitCode).toBe(1);
        expect(old.output).toMatch(/^pg_dump is version 9, older than the server \(PostgreSQL \d+\)/);
        expect(existsSync(out)).toBe(false);
      } finally {
        rmSync(tools, { recursive: true, force: true });
      }
    });
  });
}
