import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreditAccount, CreditLedgerRow } from "../../../shared/api/credit-audit";
import { parseMoney } from "../../../shared/money";
import { publishOnlyBus } from "../../db/bus";
import { auditLog } from "../../db/schema/audit";
import { creditBalances, ledgerEntries } from "../../db/schema/credits";
import { engines } from "../../test/engines";
import { buildUser, uniqueEmail, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { grantCredits } from "../credits/grant-cli";
import { postLedgerEntry } from "../credits/ledger";
import { recordAdjustmentAudit } from "./adjustments";

/** The admin credit audit over HTTP: ledger filters and pages, reconciliation, adjustments, CSV. */
describe.each(engines)("credit audit on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  let customer: TestUser;
  const domain = `ledger-${randomBytes(4).toString("hex")}.test`;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  /** One ledger row through the one way a balance changes, then dated as the test needs. */
  async function entry(who: TestUser, kind: CreditLedgerRow["kind"], reference: string, amount: string, at: string, note?: string) {
    const posted = await server.database.db.transaction((tx) =>
      postLedgerEntry(tx, { userId: who.id, kind, reference, amount: parseMoney(amount), note: note ?? null, createdBy: "test" }, publishOnlyBus(tx)),
    );
    if (!posted.posted) throw new Error(`${kind} ${reference} not posted`);
    await server.database.db.update(ledgerEntries).set({ createdAt: new Date(at) }).where(eq(ledgerEntries.id, posted.entryId));
  }

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
    admin = await buildUser(server, { role: "admin" });
    customer = await buildUser(server);
    alice = await buildUser(server, { email: uniqueEmail("alice", domain) });
    bob = await buildUser(server, { email: uniqueEmail("bob", domain) });
    carol = await buildUser(server, { email: uniqueEmail("carol", domain) });
    // Alice: 10 + 1 − 0.35 + 5 = 15.65. Bob: 25 − 1.2 = 23.8. Carol: 1 − 27 × 0.01 = 0.73.
    await entry(alice, "purchase", "pay_alice", "10", "2026-03-01T10:00:00Z");
    await entry(alice, "bonus", "pay_alice", "1", "2026-03-01T10:00:01Z");
    await entry(alice, "call", "CA_alice", "-0.35", "2026-03-02T09:00:00Z");
    await entry(bob, "purchase", "pay_bob", "25", "2026-03-02T12:00:00Z");
    await entry(alice, "admin_adjustment", "adj_alice", "5", "2026-03-03T23:59:59Z", "goodwill");
    await entry(bob, "call", "CA_bob", "-1.2", "2026-03-04T00:00:00Z");
    await entry(carol, "purchase", "pay_carol", "1", "2026-02-01T00:00:00Z");
    for (let index = 0; index < 27; index++) {
      await entry(carol, "call", `CA_carol_${index}`, "-0.01", `2026-02-02T00:00:${String(index).padStart(2, "0")}Z`);
    }
  });
  afterAll(() => server.close());

  const get = <T>(url: string, who: TestUser = admin) =>
    server.app.inject({ method: "GET", url, headers: { cookie: who.cookie } }).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    });
  type LedgerPage = { entries: CreditLedgerRow[]; page: number; pageCount: number; total: number };
  const ledger = (query: string) => get<LedgerPage>(`/api/admin/credit-audit/ledger?${query}`);
  type AccountsPage = { accounts: CreditAccount[]; page: number; pageCount: number; summary: { accounts: number; totalBalance: string; totalLedger: string; driftedAccounts: number } };
  const accounts = (query = "") => get<AccountsPage>(`/api/admin/credit-audit/accounts?${query}`);
  const adjust = (payload: Record<string, string>, who: TestUser = admin) =>
    server.app.inject({ method: "POST", url: "/api/admin/credit-audit/adjustments", headers: { cookie: who.cookie }, payload });
  const rowsOf = (userId: string) => server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const auditOf = (userId: string) =>
    server.database.db.select().from(auditLog).where(and(eq(auditLog.action, "credit.adjust"), eq(auditLog.subjectId, userId)));

  it("lists every customer's rows newest first with email, kind, reference, amounts, note and author", async () => {
    const page = await ledger(`email=${encodeURIComponent(domain.toUpperCase())}&kind=call&from=2026-03-01`);
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    expect(page.entries).toEqual([
      expect.objectContaining({ email: bob.email, kind: "call", reference: "CA_bob", amount: "-1.2000", balanceAfter: "23.8000", createdBy: "test", createdAt: "2026-03-04T00:00:00.000Z" }),
      expect.objectContaining({ email: alice.email, kind: "call", reference: "CA_alice", amount: "-0.3500", balanceAfter: "10.6500", note: null }),
    ]);
  });

  it("filters by whole UTC days, by reference and by one customer", async () => {
    const days = await ledger(`email=${domain}&from=2026-03-02&to=2026-03-03`);
    expect(days.entries.map((row) => row.reference)).toEqual(["adj_alice", "pay_bob", "CA_alice"]);
    const byReference = await ledger("reference=pay_alice");
    expect(byReference.entries.map((row) => [row.kind, row.amount, row.balanceAfter])).toEqual([
      ["bonus", "1.0000", "11.0000"],
      ["purchase", "10.0000", "10.0000"],
    ]);
    const aliceOnly = await ledger(`email=${encodeURIComponent(alice.email)}`);
    expect(aliceOnly.total).toBe(4);
    expect(aliceOnly.entries[0]).toMatchObject({ kind: "admin_adjustment", amount: "5.0000", balanceAfter: "15.6500", note: "goodwill" });
    expect((await ledger(`email=${domain}&kind=refund`)).entries).toEqual([]);
  });

  it("pages 25 rows at a time and reports the pages the filter spans", async () => {
    const first = await ledger(`email=${encodeURIComponent(carol.email)}`);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 28 });
    expect(first.entries).toHaveLength(25);
    expect(first.entries[0]).toMatchObject({ reference: "CA_carol_26", balanceAfter: "0.7300" });
    const second = await ledger(`email=${encodeURIComponent(carol.email)}&page=2`);
    expect(second.entries.map((row) => row.reference)).toEqual(["CA_carol_1", "CA_carol_0", "pay_carol"]);
  });

  it("reconciles every account: no drift, and the summary adds up", async () => {
    const all = await accounts();
    expect(all.summary).toEqual({ accounts: 3, totalBalance: "40.1800", totalLedger: "40.1800", driftedAccounts: 0 });
    expect(all.accounts.map((account) => account.email)).toEqual([alice.email, bob.email, carol.email].sort());
    expect(all.accounts.find((account) => account.userId === alice.id)).toEqual({
      userId: alice.id,
      email: alice.email,
      balance: "15.6500",
      ledgerSum: "15.6500",
      lastBalanceAfter: "15.6500",
      entries: 4,
      difference: "0.0000",
      drifted: false,
    });
    expect((await accounts("only=drifted")).accounts).toEqual([]);
  });

  it("flags an account whose balance row was changed behind the ledger's back", async () => {
    // Upward: the table refuses a balance below zero.
    await server.database.db.update(creditBalances).set({ balance: sql`${creditBalances.balance} + 1` }).where(eq(creditBalances.userId, bob.id));
    try {
      const drifted = await accounts("only=drifted");
      expect(drifted.summary).toEqual({ accounts: 3, totalBalance: "41.1800", totalLedger: "40.1800", driftedAccounts: 1 });
      expect(drifted.accounts).toEqual([
        { userId: bob.id, email: bob.email, balance: "24.8000", ledgerSum: "23.8000", lastBalanceAfter: "23.8000", entries: 2, difference: "1.0000", drifted: true },
      ]);
      // Drifted accounts come first in the full list.
      expect((await accounts()).accounts[0]?.userId).toBe(bob.id);
    } finally {
      await server.database.db.update(creditBalances).set({ balance: sql`${creditBalances.balance} - 1` }).where(eq(creditBalances.userId, bob.id));
    }
    expect((await accounts()).summary.driftedAccounts).toBe(0);
  });

  it("adjusts by hand: one admin_adjustment row and one audit row, the admin named on both", async () => {
    const person = await buildUser(server);
    const response = await adjust({ email: ` ${person.email.toUpperCase()} `, amount: "+2.50", reason: " refund of a dropped call " });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      balanceBefore: "0.0000",
      balance: "2.5000",
      entry: { email: person.email, kind: "admin_adjustment", amount: "2.5000", balanceAfter: "2.5000", note: "refund of a dropped call", createdBy: admin.email },
    });
    const rows = await rowsOf(person.id);
    expect(rows.map((row) => [row.kind, parseMoney(row.amount)])).toEqual([["admin_adjustment", 25_000]]);
    const audits = await auditOf(person.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: admin.id,
      subjectType: "credit_balance",
      before: { balance: "0.0000" },
      after: { balance: "2.5000", amount: "2.5000", reference: rows[0]?.reference, reason: "refund of a dropped call" },
    });
    // And it is in the ledger the page lists.
    expect((await ledger(`reference=${rows[0]?.reference}`)).entries).toHaveLength(1);
  });

  it("refuses to take the balance below zero, saying what the balance is; nothing written", async () => {
    const person = await buildUser(server);
    expect((await adjust({ email: person.email, amount: "1.25", reason: "start" })).statusCode).toBe(200);
    const refused = await adjust({ email: person.email, amount: "-1.2501", reason: "too much" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: "adjustment_below_zero", details: [{ path: "balance", message: "1.2500" }, { path: "heldByLiveCalls", message: "0.0000" }] },
    });
    expect(refused.json<{ error: { message: string } }>().error.message).toContain("1.2500 USD");
    expect(await rowsOf(person.id)).toHaveLength(1);
    expect(await auditOf(person.id)).toHaveLength(1);
    expect((await adjust({ email: person.email, amount: "-1.25", reason: "all of it" })).json()).toMatchObject({ balance: "0.0000" });
  });

  it("answers unknown accounts and bad amounts with a 4xx that names them", async () => {
    const unknown = await adjust({ email: "nobody-here@example.com", amount: "1", reason: "x" });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, "account_not_found"]);
    for (const amount of ["0", "-0.0000", "10000.0001", "-10001"]) {
      const response = await adjust({ email: customer.email, amount, reason: "x" });
      expect([amount, response.statusCode, response.json().error.code]).toEqual([amount, 400, "adjustment_amount_invalid"]);
    }
    for (const payload of [
      { email: customer.email, amount: "1.23456", reason: "x" },
      { email: customer.email, amount: "1,5", reason: "x" },
      { email: customer.email, amount: "1", reason: "   " },
      { email: "not an email", amount: "1", reason: "x" },
    ]) {
      const response = await adjust(payload);
      expect([response.statusCode, response.json().error.code]).toEqual([400, "validation_failed"]);
    }
    expect(await rowsOf(customer.id)).toEqual([]);
    expect((await adjust({ email: customer.email, amount: "10000", reason: "the most at once" })).statusCode).toBe(200);
  });

  it("refuses customers (403) and writes nothing", async () => {
    const person = await buildUser(server);
    const response = await adjust({ email: person.email, amount: "5", reason: "myself" }, person);
    expect(response.statusCode).toBe(403);
    for (const url of ["/api/admin/credit-audit/ledger", "/api/admin/credit-audit/accounts", "/api/admin/credit-audit/ledger.csv"]) {
      expect((await server.app.inject({ method: "GET", url, headers: { cookie: person.cookie } })).statusCode).toBe(403);
    }
    expect(await rowsOf(person.id)).toEqual([]);
    expect(await auditOf(person.id)).toEqual([]);
  });

  it("writes the ledger row and the audit row in one transaction: a failure after both leaves neither", async () => {
    const person = await buildUser(server);
    const failing = grantCredits(server.database.db, { email: person.email, amount: parseMoney("3"), reason: "doomed", createdBy: admin.email }, async (tx, facts) => {
      await recordAdjustmentAudit(tx, { userId: admin.id, email: admin.email }, "doomed", facts);
      throw new Error("the disk is full");
    });
    await expect(failing).rejects.toThrow("the disk is full");
    expect(await rowsOf(person.id)).toEqual([]);
    expect(await auditOf(person.id)).toEqual([]);
  });

  it("exports the filtered ledger as CSV with a header row, formula cells escaped", async () => {
    const person = await buildUser(server, { email: uniqueEmail("csv", domain) });
    expect((await adjust({ email: person.email, amount: "4", reason: '=HYPERLINK("http://evil.example","x")' })).statusCode).toBe(200);
    const response = await server.app.inject({
      method: "GET",
      url: `/api/admin/credit-audit/ledger.csv?email=${encodeURIComponent(person.email)}&lang=en`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="dialwise-ledger-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Customer email,Kind,Reference,Amount (USD),Balance after (USD),Note,Created by");
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,${person.email.replace(/\./g, "\\.")},admin_adjustment,adj_[0-9a-f-]+,4\\.0000,4\\.0000,"'=HYPERLINK\\(""http://evil\\.example"",""x""\\)",${admin.email.replace(/\./g, "\\.")}$`));
    expect(lines.slice(2)).toEqual([""]);
    // The same filter as the list: one customer's calls only.
    const calls = await server.app.inject({ method: "GET", url: `/api/admin/credit-audit/ledger.csv?reference=CA_bob`, headers: { cookie: admin.cookie } });
    expect(calls.body.split("\r\n").slice(1)).toEqual([`2026-03-04T00:00:00.000Z,${bob.email},call,CA_bob,-1.2000,23.8000,,test`, ""]);
  });
});
