import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMoney } from "../../../shared/money";
import { openDatabase } from "../../db/client";
import { user } from "../../db/schema/auth";
import { ledgerEntries } from "../../db/schema/credits";
import { userEvents } from "../../db/schema/events";
import { engines } from "../../test/engines";
import { buildUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { grantCredits, runCreditsGrant } from "./grant-cli";
import { getBalance, ledgerSum, postLedgerEntry } from "./ledger";

describe.each(engines)("the credit ledger on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const post = (userId: string, reference: string, amount: string, kind: "admin_adjustment" | "call" = "admin_adjustment") =>
    server.database.db.transaction((tx) => postLedgerEntry(tx, { userId, kind, reference, amount: parseMoney(amount), note: null, createdBy: "test" }, server.bus));

  it("answers 0.0000 before any entry, then the balance the entries add up to", async () => {
    const person = await buildUser(server);
    const balance = () => server.app.inject({ url: "/api/credits/balance", headers: { cookie: person.cookie } });
    expect((await balance()).json()).toEqual({ balance: "0.0000" });
    await post(person.id, `grant-${person.id}`, "5.00");
    await post(person.id, `call-${person.id}`, "-0.1234", "call");
    expect((await balance()).json()).toEqual({ balance: "4.8766" });
    const rows = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, person.id)).orderBy(ledgerEntries.id);
    expect(rows.map((row) => [row.kind, row.amount, row.balanceAfter])).toEqual([
      ["admin_adjustment", "5.0000", "5.0000"],
      ["call", "-0.1234", "4.8766"],
    ]);
    // Every change was pushed to the browser as a `balance` event, in order.
    const events = await server.database.db.select().from(userEvents).where(and(eq(userEvents.userId, person.id), eq(userEvents.type, "balance"))).orderBy(userEvents.id);
    expect(events.map((event) => event.data)).toEqual([{ balance: "5.0000" }, { balance: "4.8766" }]);
  });

  it("keeps balance = sum(ledger) after many concurrent entries, each balance_after a true running total", async () => {
    const person = await buildUser(server);
    // A starting credit larger than every debit together, so no order of the concurrent entries goes below zero.
    await post(person.id, `start-${person.id}`, "1.0000");
    const amounts = Array.from({ length: 40 }, (_, index) => (index % 3 === 0 ? `-0.${String(index).padStart(4, "0")}` : `1.${String(index).padStart(4, "0")}`));
    await Promise.all(amounts.map((amount, index) => post(person.id, `many-${person.id}-${index}`, amount)));
    const expected = amounts.reduce((sum, amount) => sum + parseMoney(amount), parseMoney("1"));
    expect(await getBalance(server.database.db, person.id)).toBe(expected);
    expect(await ledgerSum(server.database.db, person.id)).toBe(expected);
    const rows = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, person.id)).orderBy(ledgerEntries.id);
    let running = 0;
    for (const row of rows) {
      running += parseMoney(row.amount);
      expect(parseMoney(row.balanceAfter)).toBe(running);
    }
  });

  it("refuses an entry that would take the balance below zero, writing nothing, yet still answers a repeated one as a duplicate", async () => {
    const person = await buildUser(server);
    await post(person.id, `low-${person.id}`, "0.0500");
    await post(person.id, `spent-${person.id}`, "-0.0400", "call");
    await expect(post(person.id, `over-${person.id}`, "-0.0200", "call")).rejects.toMatchObject({ name: "BalanceBelowZeroError", balance: 100, wouldBe: -100 });
    // The earlier debit, delivered again, is a duplicate even though it would now go below zero.
    expect(await post(person.id, `spent-${person.id}`, "-0.0400", "call")).toEqual({ posted: false, duplicate: true, balance: 100 });
    expect(await getBalance(server.database.db, person.id)).toBe(100);
    expect(await ledgerSum(server.database.db, person.id)).toBe(100);
    // The table refuses it too, whoever writes: the last line of defence.
    await expect(server.database.db.execute(sql`update credit_balances set balance = -1 where user_id = ${person.id}`)).rejects.toThrow();
  });

  it("writes a duplicate (kind, reference) once, however many arrive at the same time, and says so", async () => {
    const person = await buildUser(server);
    const results = await Promise.all(Array.from({ length: 20 }, () => post(person.id, `dup-${person.id}`, "2.5000")));
    expect(results.filter((result) => result.posted)).toHaveLength(1);
    expect(results.filter((result) => !result.posted)).toHaveLength(19);
    expect(results.find((result) => !result.posted)).toMatchObject({ posted: false, duplicate: true, balance: 25_000 });
    expect(await getBalance(server.database.db, person.id)).toBe(25_000);
    expect(await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, person.id))).toHaveLength(1);
    const events = await server.database.db.select().from(userEvents).where(and(eq(userEvents.userId, person.id), eq(userEvents.type, "balance")));
    expect(events).toHaveLength(1);
  });

  it("grants by email and refuses an adjustment that would take the balance below zero, writing nothing", async () => {
    const person = await buildUser(server);
    expect(await grantCredits(server.database.db, { email: person.email.toUpperCase(), amount: 30_000, reason: "trial", createdBy: "test" })).toMatchObject({ ok: true, balance: 30_000 });
    expect(await grantCredits(server.database.db, { email: person.email, amount: -40_000, reason: "oops", createdBy: "test" })).toEqual({ ok: false, reason: "negative_balance", balance: -10_000 });
    expect(await grantCredits(server.database.db, { email: "nobody@example.com", amount: 1, reason: "x", createdBy: "test" })).toEqual({ ok: false, reason: "unknown_account" });
    expect(await getBalance(server.database.db, person.id)).toBe(30_000);
    expect(await ledgerSum(server.database.db, person.id)).toBe(30_000);
  });
});

describe("npm run credits:grant", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-credits-grant-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" };

  it("explains its usage and refuses bad input", async () => {
    expect(await runCreditsGrant([], env)).toMatchObject({ exitCode: 2, output: expect.stringContaining("--email is required") });
    expect(await runCreditsGrant(["--email", "a@b.example", "--amount", "1.23456", "--reason", "x"], env)).toMatchObject({ exitCode: 2, output: expect.stringContaining("at most 4 decimals") });
    expect(await runCreditsGrant(["--email", "a@b.example", "--amount", "0", "--reason", "x"], env)).toMatchObject({ exitCode: 2 });
    expect(await runCreditsGrant(["--email", "a@b.example", "--amount", "5"], env)).toMatchObject({ exitCode: 2, output: expect.stringContaining("--reason is required") });
  });

  it("writes an admin adjustment into the embedded database while no server runs", { timeout: 90_000 }, async () => {
    const seed = await openDatabase({ dataDir });
    try {
      await seed.db.insert(user).values({ id: "u-grant", name: "Grant", email: "grant@example.com", emailVerified: true });
    } finally {
      await seed.close();
    }
    const result = await runCreditsGrant(["--", "--email", "Grant@Example.com", "--amount", "5", "--reason", "trying calls"], env);
    expect(result).toMatchObject({ exitCode: 0, output: expect.stringMatching(/^Granted 5\.0000 USD for grant@example\.com \(adj_[0-9a-f-]{36}\)\. Balance now 5\.0000 USD\.$/) });
    expect(await runCreditsGrant(["--email", "nobody@example.com", "--amount", "5", "--reason", "x"], env)).toMatchObject({ exitCode: 1, output: expect.stringContaining("No account") });

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, "u-grant"));
      expect(rows).toEqual([expect.objectContaining({ kind: "admin_adjustment", amount: "5.0000", balanceAfter: "5.0000", note: "trying calls", createdBy: "credits:grant" })]);
      expect(await getBalance(database.db, "u-grant")).toBe(50_000);
    } finally {
      await database.close();
    }
  });
});
