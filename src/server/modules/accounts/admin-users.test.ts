import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { AdminUserProfile, AdminUserRow, UserAuditEntry } from "../../../shared/api/admin-users";
import { readCsvRecords } from "../../../shared/csv/read-csv";
import { parseMoney } from "../../../shared/money";
import { session, user } from "../../db/schema/auth";
import { callLogs } from "../../db/schema/calls";
import { ledgerEntries } from "../../db/schema/credits";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { dialOnLocalCarrier, grant, newCallSid, placeCall } from "../../test/calls";
import { latestMail } from "../../test/mail";
import { startTestServer, type TestServer } from "../../test/test-server";
import { localCarrierWith } from "../../providers/telephony/local/local-carrier-factory";
import { openBrowserPeer, type BrowserPeer } from "../../providers/telephony/local/testing/browser-peer";
import { getBalance, ledgerSum } from "../credits/ledger";
import { allUsers } from "./admin-user-list";

const FAST = localCarrierWith({
  timings: { answerAfterMs: 300, busyAfterMs: 200, declineAfterMs: 300, failAfterMs: 100, noAnswerAfterMs: 400, longRingMs: 500 },
  media: { silenceMs: 3000 },
  incomingRingMs: 3000,
});

type Page = { users: AdminUserRow[]; page: number; pageCount: number; total: number };
type Detail = { profile: AdminUserProfile; audit: UserAuditEntry[]; signIns: { ipAddress: string | null; userAgent: string | null }[]; ledger: { kind: string; amount: string }[] };

/** The back office's customers: the list, a customer's page and the audited actions, on the whole server. */
describe.each(engines)("admin users on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  const browsers: BrowserPeer[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { carrier: FAST });
    admin = await buildUser(server, { role: "admin" });
  });
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });
  afterAll(async () => {
    await server.close();
  });

  const asAdmin = (method: "GET" | "POST" | "PUT", url: string, payload?: object): Promise<LightMyRequestResponse> =>
    payload === undefined ? server.app.inject({ method, url, headers: { cookie: admin.cookie } }) : server.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });
  const list = async (query: string): Promise<Page> => {
    const response = await asAdmin("GET", `/api/admin/users?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };
  const detail = async (userId: string): Promise<Detail> => {
    const response = await asAdmin("GET", `/api/admin/users/${userId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Detail>();
  };
  const signIn = (who: TestUser) => server.app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: who.email, password: who.password } });

  /** Five accounts with a shared tag in their address, created a minute apart, with hand-picked balances. */
  async function tagged() {
    const tag = `t${Math.random().toString(36).slice(2, 8)}`;
    const specs = [
      { key: "ann", balance: "12.5", role: "user", verified: true },
      { key: "bob", balance: "0", role: "admin", verified: true },
      { key: "cy", balance: "3", role: "user", verified: false },
      { key: "dee", balance: "7.25", role: "user", verified: true },
      { key: "eve", balance: "0.5", role: "user", verified: true },
    ] as const;
    const made: Record<string, TestUser> = {};
    for (const [index, spec] of specs.entries()) {
      const person = await buildUser(server, { email: `${spec.key}-${tag}@example.com`, role: spec.role, verified: spec.verified });
      if (spec.balance !== "0") await grant(server, person.id, spec.balance);
      await server.database.db
        .update(user)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)), name: spec.key === "dee" ? `Dee ${tag.toUpperCase()}` : spec.key })
        .where(eq(user.id, person.id));
      made[spec.key] = person;
    }
    // dee's name holds the tag in capitals: the search finds names too, in any case.
    await server.database.db.update(user).set({ email: `dee-${Math.random().toString(36).slice(2, 8)}@example.com` }).where(eq(user.id, made["dee"]!.id));
    return { tag, made };
  }
  const emailsOf = (page: Page) => page.users.map((row) => row.email.split("-")[0]);

  it("searches by email or name, filters, sorts and pages on the server", async () => {
    const { tag } = await tagged();
    expect(emailsOf(await list(`q=${tag}&sort=email&dir=asc`))).toEqual(["ann", "bob", "cy", "dee", "eve"]);
    expect(emailsOf(await list(`q=${tag.toUpperCase()}&sort=created&dir=desc`))).toEqual(["eve", "dee", "cy", "bob", "ann"]);
    // Balances by hand: ann 12.5, dee 7.25, cy 3, eve 0.5, bob 0.
    expect(emailsOf(await list(`q=${tag}&sort=balance&dir=desc`))).toEqual(["ann", "dee", "cy", "eve", "bob"]);
    expect(emailsOf(await list(`q=${tag}&sort=email&dir=asc&balanceMin=0.5&balanceMax=7.25`))).toEqual(["cy", "dee", "eve"]);
    expect(emailsOf(await list(`q=${tag}&sort=email&dir=asc&balanceMin=0.0001`))).toEqual(["ann", "cy", "dee", "eve"]);
    expect(emailsOf(await list(`q=${tag}&role=admin`))).toEqual(["bob"]);
    expect(emailsOf(await list(`q=${tag}&verified=no`))).toEqual(["cy"]);
    expect(emailsOf(await list(`q=${tag}&banned=yes`))).toEqual([]);
    const ann = (await list(`q=ann-${tag}`)).users[0];
    expect(ann).toMatchObject({ balance: "12.5000", role: "user", emailVerified: true, banned: false, createdAt: "2026-01-01T00:00:00.000Z" });
    // ann signed in (buildUser): her last activity is her session's; cy, unverified, never signed in.
    expect(ann?.lastActiveAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect((await list(`q=cy-${tag}`)).users[0]?.lastActiveAt).toBeNull();
    expect(emailsOf(await list(`q=${tag}&sort=last_active&dir=asc`)).at(-1)).toBe("cy");
    const sorted = await list(`q=${tag}&sort=email&dir=desc`);
    expect(sorted).toMatchObject({ page: 1, pageCount: 1, total: 5 });
    // 25 a page: the accounts beyond them are on page 2, and each page is counted once.
    const everyone = await list("sort=email&dir=asc");
    const second = await list("sort=email&dir=asc&page=2");
    expect(everyone.pageCount).toBe(Math.max(1, Math.ceil(everyone.total / 25)));
    expect(everyone.users.length).toBe(Math.min(25, everyone.total));
    expect(second.users.length).toBe(Math.max(0, Math.min(25, everyone.total - 25)));
    expect((await asAdmin("GET", "/api/admin/users?balanceMin=-1")).statusCode).toBe(400);
    expect((await asAdmin("GET", "/api/admin/users?sort=password")).statusCode).toBe(400);
  });

  it("pages by the shared rule: a chosen size, a page past the end answered empty, sizes out of bounds refused", async () => {
    const { tag } = await tagged();
    const byTwo = await list(`q=${tag}&sort=email&dir=asc&pageSize=2`);
    expect(byTwo).toMatchObject({ page: 1, pageCount: 3, total: 5 });
    expect(emailsOf(byTwo)).toEqual(["ann", "bob"]);
    expect(emailsOf(await list(`q=${tag}&sort=email&dir=asc&pageSize=2&page=3`))).toEqual(["eve"]);
    // Past the last page: as asked, no rows, so the page can offer the first one.
    expect(await list(`q=${tag}&sort=email&dir=asc&pageSize=2&page=4`)).toMatchObject({ users: [], page: 4, pageCount: 3, total: 5 });
    // Nothing matches: one empty page.
    expect(await list(`q=nobody-${tag}`)).toMatchObject({ users: [], page: 1, pageCount: 1, total: 0 });
    for (const query of ["pageSize=0", "pageSize=101", "page=0", "page=100001"]) {
      expect((await asAdmin("GET", `/api/admin/users?${query}`)).statusCode, query).toBe(400);
    }
    expect((await list(`q=${tag}&pageSize=100`)).users).toHaveLength(5);
  });

  it("exports the list's filter and order as CSV in the admin's language, every page, formula-like names escaped", async () => {
    const { tag, made } = await tagged();
    await server.database.db.update(user).set({ name: "=HYPERLINK(\"http://x\")" }).where(eq(user.id, made["eve"]!.id));
    // The expected rows come from the accounts as built above and the database's own rows, not from the list.
    const lastActive = async (userId: string) => {
      const rows = await server.database.db.select({ at: session.updatedAt }).from(session).where(eq(session.userId, userId));
      const latest = Math.max(...rows.map((row) => row.at.getTime()));
      return rows.length === 0 ? "" : new Date(latest).toISOString();
    };
    const expected = async (key: string, name: string, role: string, verified: string, created: string, balance: string) => {
      const person = made[key]!;
      const [row] = await server.database.db.select({ email: user.email }).from(user).where(eq(user.id, person.id));
      return [row!.email, name, role, verified, "no", created, balance, await lastActive(person.id), person.id];
    };

    const response = await asAdmin("GET", `/api/admin/users/export.csv?q=${tag}&sort=email&dir=asc&balanceMin=0.5&lang=en`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="dialwise-users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = readCsvRecords(response.body).map((record) => record.fields);
    expect(rows[0]).toEqual(["Email", "Name", "Role", "Email confirmed", "Banned", "Created (UTC)", "Balance (USD)", "Last active (UTC)", "Account ID"]);
    // Balances of at least 0.5: ann 12.5, cy 3, dee 7.25, eve 0.5 (bob has none), by email.
    expect(rows.slice(1)).toEqual([
      await expected("ann", "ann", "user", "yes", "2026-01-01T00:00:00.000Z", "12.5000"),
      await expected("cy", "cy", "user", "no", "2026-01-01T00:02:00.000Z", "3.0000"),
      await expected("dee", `Dee ${tag.toUpperCase()}`, "user", "yes", "2026-01-01T00:03:00.000Z", "7.2500"),
      await expected("eve", "'=HYPERLINK(\"http://x\")", "user", "yes", "2026-01-01T00:04:00.000Z", "0.5000"),
    ]);
    // The list's order is the file's: newest first by default.
    const newest = readCsvRecords((await asAdmin("GET", `/api/admin/users/export.csv?q=${tag}&lang=en`)).body).map((record) => record.fields[0]!.split("-")[0]);
    expect(newest.slice(1)).toEqual(["eve", "dee", "cy", "bob", "ann"]);
    // The header in the admin's language; the codes stay codes.
    const german = readCsvRecords((await asAdmin("GET", `/api/admin/users/export.csv?q=bob-${tag}&lang=de`)).body).map((record) => record.fields);
    expect(german).toHaveLength(2);
    expect(german[0]?.[0]).toBe("E-Mail");
    expect(german[1]?.slice(2, 5)).toEqual(["admin", "yes", "no"]);
    // Bad filters are refused as the list refuses them.
    expect((await asAdmin("GET", "/api/admin/users/export.csv?balanceMin=-1")).statusCode).toBe(400);
    // An export larger than the ceiling is refused whole, never cut short (a ceiling of 4 stands in for 50 000).
    expect(await allUsers(server.database.db, { q: tag }, { sort: "email", dir: "asc" }, 5)).toHaveLength(5);
    await expect(allUsers(server.database.db, { q: tag }, { sort: "email", dir: "asc" }, 4)).rejects.toMatchObject({ status: 422, code: "export_too_large" });
  });

  it("grants and removes the admin role, audited, and refuses an admin removing their own", async () => {
    const customer = await buildUser(server);
    const granted = await asAdmin("PUT", `/api/admin/users/${customer.id}/role`, { role: "admin" });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<{ profile: AdminUserProfile }>().profile.role).toBe("admin");
    // The new admin reaches an admin route with the session they already had.
    expect((await server.app.inject({ method: "GET", url: "/api/admin/users", headers: { cookie: customer.cookie } })).statusCode).toBe(200);
    expect((await asAdmin("PUT", `/api/admin/users/${customer.id}/role`, { role: "user" })).statusCode).toBe(200);
    expect((await server.app.inject({ method: "GET", url: "/api/admin/users", headers: { cookie: customer.cookie } })).statusCode).toBe(403);

    const own = await asAdmin("PUT", `/api/admin/users/${admin.id}/role`, { role: "user" });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: { code: "own_admin_role" } });
    const [stillAdmin] = await server.database.db.select({ role: user.role }).from(user).where(eq(user.id, admin.id));
    expect(stillAdmin?.role).toBe("admin");

    const { audit } = await detail(customer.id);
    expect(audit.map((entry) => [entry.action, entry.actorEmail, entry.before, entry.after])).toEqual([
      ["user.role", admin.email, { role: "admin" }, { role: "user" }],
      ["user.role", admin.email, { role: "user" }, { role: "admin" }],
    ]);
  });

  it("adjusts credit with a reason through the credit audit: the ledger reconciles and the customer's page shows the row and its audit", async () => {
    const customer = await buildUser(server);
    await grant(server, customer.id, "2");
    const adjusted = await asAdmin("POST", "/api/admin/credit-audit/adjustments", { email: customer.email, amount: "+3.2500", reason: "Goodwill for a dropped call" });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    // 2 + 3.25, by hand.
    expect(await getBalance(server.database.db, customer.id)).toBe(parseMoney("5.25"));
    expect(await ledgerSum(server.database.db, customer.id)).toBe(parseMoney("5.25"));
    const page = await detail(customer.id);
    expect(page.profile.balance).toBe("5.2500");
    expect(page.ledger[0]).toMatchObject({ kind: "admin_adjustment", amount: "3.2500" });
    expect(page.audit[0]).toMatchObject({ action: "credit.adjust", actorEmail: admin.email, before: { balance: "2.0000" }, after: { balance: "5.2500", reason: "Goodwill for a dropped call" } });
  });

  it("bans: sessions end, the live call is hung up and billed, the next call, a purchase and sign-in are refused; unban lifts it", async () => {
    const customer = await buildUser(server);
    await grant(server, customer.id, "5");
    // A second signed-in browser: every session ends, not only one.
    const secondCookie = (await signIn(customer)).cookies.map((item) => `${item.name}=${item.value}`).join("; ");

    const browser = await openBrowserPeer();
    browsers.push(browser);
    const { callSid, grant: grantBeforeTheBan } = await dialOnLocalCarrier(server, customer.cookie, "+442079460123", browser);
    const callLog = async () => (await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0];
    await vi.waitFor(async () => expect((await callLog())?.status).toBe("answered"), { timeout: 5000 });

    const own = await asAdmin("POST", `/api/admin/users/${admin.id}/ban`, { reason: "testing" });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: { code: "own_ban" } });
    expect((await asAdmin("POST", `/api/admin/users/${customer.id}/ban`, { reason: "  " })).statusCode).toBe(400);

    const banned = await asAdmin("POST", `/api/admin/users/${customer.id}/ban`, { reason: "Chargeback fraud" });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json()).toMatchObject({ profile: { banned: true, banReason: "Chargeback fraud" }, sessionsEnded: 2, callsEnded: 1 });
    expect(await server.database.db.select().from(session).where(eq(session.userId, customer.id))).toEqual([]);
    for (const cookie of [customer.cookie, secondCookie]) {
      expect((await server.app.inject({ method: "GET", url: "/api/credits/balance", headers: { cookie } })).statusCode).toBe(401);
    }
    // The call ends and is billed for its talk, as any hang-up: a ledger row, and the balance equals the ledger.
    await vi.waitFor(async () => expect((await callLog())?.status).toBe("completed"), { timeout: 5000 });
    const charged = await server.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, "call"), eq(ledgerEntries.reference, callSid)));
    expect(charged).toHaveLength(1);
    expect(await getBalance(server.database.db, customer.id)).toBe(await ledgerSum(server.database.db, customer.id));

    // A call placed with a device token from before the ban is refused at the gate, recorded with its reason.
    const next = newCallSid();
    await placeCall(server, { callSid: next, userId: customer.id, to: "+442079460123", grant: grantBeforeTheBan });
    const [refused] = await server.database.db.select().from(callLogs).where(eq(callLogs.callSid, next));
    expect(refused).toMatchObject({ status: "failed", refusalReason: "account_banned", costUsd: "0.0000" });

    const refusedSignIn = await signIn(customer);
    expect(refusedSignIn.statusCode).toBe(403);
    expect(refusedSignIn.json()).toMatchObject({ code: "ACCOUNT_BANNED" });
    expect(await server.database.db.select().from(session).where(eq(session.userId, customer.id))).toEqual([]);

    // A session that slipped in beside the ban opens nothing, and a purchase through it is refused.
    await server.database.db.insert(session).values({ id: `s-${callSid}`, token: `t-${callSid}`, userId: customer.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const checkout = await server.app.inject({ method: "POST", url: "/api/payments/checkout", headers: { cookie: customer.cookie }, payload: { amount: "10" } });
    expect([401, 403]).toContain(checkout.statusCode);
    await server.database.db.delete(session).where(eq(session.userId, customer.id));

    expect((await asAdmin("POST", `/api/admin/users/${customer.id}/ban`, { reason: "again" })).json()).toMatchObject({ error: { code: "already_banned" } });
    expect(emailsOf(await list(`q=${customer.email}&banned=yes`))).toHaveLength(1);

    const unbanned = await asAdmin("POST", `/api/admin/users/${customer.id}/unban`, { reason: "Bank confirmed the payment" });
    expect(unbanned.statusCode, unbanned.body).toBe(200);
    expect(unbanned.json()).toMatchObject({ profile: { banned: false, banReason: null, bannedAt: null } });
    const back = await signIn(customer);
    expect(back.statusCode, back.body).toBe(200);

    const page = await detail(customer.id);
    expect(page.signIns.length).toBeGreaterThanOrEqual(1);
    expect(page.audit.filter((entry) => entry.action.startsWith("user.")).map((entry) => [entry.action, entry.actorEmail, entry.before, entry.after])).toEqual([
      ["user.unban", admin.email, { banned: true, reason: "Chargeback fraud" }, { banned: false, reason: "Bank confirmed the payment" }],
      ["user.ban", admin.email, { banned: false }, { banned: true, reason: "Chargeback fraud", sessionsEnded: 2 }],
    ]);
  });

  it("sends the verification email again through the auth's own sending, audited; a confirmed address is refused", async () => {
    const unverified = await buildUser(server, { verified: false });
    const sent = await asAdmin("POST", `/api/admin/users/${unverified.id}/verification-email`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await latestMail(server, unverified.email, "verify_email")).not.toBeNull();
    const verified = await buildUser(server);
    const refused = await asAdmin("POST", `/api/admin/users/${verified.id}/verification-email`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: "already_verified" } });
    expect((await detail(unverified.id)).audit[0]).toMatchObject({ action: "user.verification_email", actorEmail: admin.email, before: { emailVerified: false }, after: { email: unverified.email } });
    expect((await asAdmin("GET", "/api/admin/users/nobody")).statusCode).toBe(404);
  });
});
