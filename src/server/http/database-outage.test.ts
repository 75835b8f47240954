import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer, type Server } from "../app";
import { loadConfig } from "../config";
import { startProcess, type ServerProcess } from "../../../scripts/server-process";
import { openDatabase, queryRows } from "../db/client";
import { engines, everyEngine, openTestDatabase, type Engine, type TestDatabase } from "../test/engines";
import { buyCreditUntil, checkoutAndBalance, signUpCustomer, type Answer, type HttpCustomer } from "../test/buying-customers";
import { eventually } from "../test/eventually";
import { buildUser, uniqueEmail, type TestUser } from "../test/factories";
import { rawRequest, type RawAnswer } from "../test/raw-request";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy";
import type { RegisteredRoute } from "./access";

/**
 * With the database gone under a running server, every API route answers either
 * as usual (it needs no database) or 503 service_unavailable with Retry-After;
 * never 500. On PostgreSQL the server is reached through a proxy that can drop
 * and refuse connections, the backends are terminated, and the server recovers
 * once the database is back. PGlite has no outage short of a closed instance.
 */

/** better-auth's routes to walk, as the web calls them. */
const AUTH_CALLS: { method: "GET" | "POST"; path: string; body?: unknown }[] = [
  { method: "GET", path: "/api/auth/get-session" },
  { method: "POST", path: "/api/auth/sign-in/email", body: { email: "someone@example.com", password: "password-123" } },
  { method: "POST", path: "/api/auth/sign-up/email", body: { email: "new-someone@example.com", password: "password-123", name: "Someone" } },
  { method: "POST", path: "/api/auth/request-password-reset", body: { email: "someone@example.com", redirectTo: "/en/reset-password" } },
  { method: "POST", path: "/api/auth/sign-out", body: {} },
  { method: "GET", path: "/api/auth/verify-email?token=not-a-token&callbackURL=/en/auth" },
];

/** Routes whose answer needs the database whoever calls: these must say 503 during an outage. */
const NEEDS_DATABASE_FOR_EVERYONE = new Set(["POST /api/auth/sign-in/email", "POST /api/auth/sign-up/email", "POST /api/auth/request-password-reset"]);

interface Call {
  key: string;
  method: string;
  path: string;
  body?: unknown;
  access: string;
}

function callsOf(routes: readonly RegisteredRoute[]): Call[] {
  const calls: Call[] = [];
  for (const route of routes) {
    if (!/^\/(api|webhooks)\//.test(route.url) || route.url.startsWith("/api/docs") || route.method === "HEAD") continue;
    if (route.url === "/api/auth/*") continue; // walked through AUTH_CALLS
    const path = route.url.replace(/:(\w+)/g, "GB");
    calls.push({ key: `${route.method} ${route.url}`, method: route.method, path, access: String(route.access), ...(route.method === "GET" ? {} : { body: {} }) });
  }
  for (const call of AUTH_CALLS) calls.push({ key: `${call.method} ${call.path.split("?")[0]}`, ...call, access: "public" });
  return calls;
}

describe.each(everyEngine)("a database outage on %s", (engine: Engine) => {
  let testDatabase: TestDatabase;
  let proxy: TcpProxy | null = null;
  let server: Server;
  let port: number;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    testDatabase = await openTestDatabase(engine, "prepared");
    let database = testDatabase;
    if (engine === "postgres") {
      const url = new URL(testDatabase.url ?? "");
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      database = { ...(await openDatabase({ databaseUrl: proxy.via(url.toString()) })), url: testDatabase.url, destroy: async () => undefined };
    }
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_SECRET: "test-secret-test-secret-test-secret-0123", PUBLIC_URL: "http://localhost:3000", RATE_LIMIT_PER_MINUTE: "100000" });
    server = await createServer(config, { database, webRoot: false, logger: false });
    customer = await buildUser(server);
    admin = await buildUser(server, { role: "admin" });
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    port = (server.app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await proxy?.start().catch(() => undefined);
    await server.app.close();
    await server.bus.close().catch(() => undefined);
    if (engine === "postgres") await server.database.close().catch(() => undefined);
    await proxy?.close();
    await testDatabase.destroy().catch(() => undefined);
  });

  const send = (call: Call, cookie: string) =>
    rawRequest(port, {
      method: call.method,
      path: call.path,
      headers: { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}) },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    });

  /** Takes the database away: PGlite closes; PostgreSQL terminates the server's backends and refuses reconnection. */
  async function breakDatabase() {
    if (engine === "pglite") {
      await server.database.close();
      return;
    }
    const admin = new pg.Client({ connectionString: testDatabase.url ?? undefined });
    await admin.connect();
    try {
      await proxy?.stop();
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    } finally {
      await admin.end();
    }
  }

  it("answers 503 with Retry-After where the database is needed, and never 500", async () => {
    const calls = callsOf(server.app.registeredRoutes);
    await breakDatabase();
    const wrong: string[] = [];
    for (const call of calls) {
      for (const [who, cookie] of [["visitor", ""], ["customer", customer.cookie], ["admin", admin.cookie]] as const) {
        // The event stream of a signed-in person needs the session first, so it answers at once instead of streaming.
        const answer: RawAnswer = await send(call, cookie);
        const label = `${call.key} as ${who}: ${answer.status} ${answer.body.slice(0, 120)}`;
        if (answer.status >= 500 && answer.status !== 503) wrong.push(label);
        if (answer.status === 503 && call.path !== "/readyz") {
          const error = (JSON.parse(answer.body) as { error?: { code?: string } }).error;
          if (error?.code !== "service_unavailable" || answer.headers["retry-after"] !== "5") wrong.push(`${label} (code or Retry-After missing)`);
        }
        const needsDatabase = NEEDS_DATABASE_FOR_EVERYONE.has(call.key) || (who !== "visitor" && (call.access === "user" || call.access === "admin"));
        if (needsDatabase && answer.status !== 503) wrong.push(`${label} (expected 503)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  // PGlite has no "back": a closed instance stays closed.
  if (engine === "postgres") it("serves again once PostgreSQL is back, with the sessions it had", async () => {
    await proxy?.start();
    await vi.waitFor(
      async () => {
        const answer = await rawRequest(port, { method: "GET", path: "/api/me", headers: { cookie: admin.cookie } });
        expect(answer.status).toBe(200);
      },
      { timeout: 15_000, interval: 100 },
    );
    const overview = await rawRequest(port, { method: "GET", path: "/api/admin/overview", headers: { cookie: admin.cookie } });
    expect(overview.status).toBe(200);
    const signUp = await rawRequest(port, {
      method: "POST",
      path: "/api/auth/sign-up/email",
      headers: { origin: "http://localhost:3000" },
      body: JSON.stringify({ email: uniqueEmail("after-outage"), password: "password-123", name: "After" }),
    });
    expect(signUp.status).toBe(200);
  });

  // better-auth catches the driver's error while it looks the session up and answers with its own 500; by the time
  // the error handler asks, the database answers again. The lookups are held on a lock so their backends can be ended mid-query.
  if (engine === "postgres") it("answers 503 when the session lookup lost its connection, though the database answers again at once", async () => {
    const direct = () => new pg.Client({ connectionString: testDatabase.url ?? undefined });
    const holder = direct();
    const admin = direct();
    await Promise.all([holder.connect(), admin.connect()]);
    try {
      await holder.query("begin");
      await holder.query('lock table "session" in access exclusive mode');
      const answers = Promise.all([
        rawRequest(port, { method: "GET", path: "/api/credits/balance", headers: { cookie: customer.cookie } }),
        rawRequest(port, { method: "GET", path: "/api/auth/get-session", headers: { cookie: customer.cookie } }),
      ]);
      const waiting = await eventually(
        async () => (await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from \"session\"%'")).rows,
        (rows) => rows.length === 2,
      );
      await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [waiting.map((row) => row.pid)]);
      await holder.query("rollback");
      const summary = (await answers).map((answer) => ({ status: answer.status, retryAfter: answer.headers["retry-after"], code: (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code }));
      expect(summary).toEqual([
        { status: 503, retryAfter: "5", code: "service_unavailable" },
        { status: 503, retryAfter: "5", code: "service_unavailable" },
      ]);
      const after = await rawRequest(port, { method: "GET", path: "/api/credits/balance", headers: { cookie: customer.cookie } });
      expect(after.status).toBe(200);
    } finally {
      await Promise.all([holder.end(), admin.end()]);
    }
  });
});

/**
 * The fault as it happens in production: signed-in customers keep buying credit from
 * a server in its own process (a crash there ends the process, as it would in
 * production) while every backend of its database is terminated, more than once.
 */
describe.each(engines.filter((engine) => engine === "postgres"))("PostgreSQL terminating every backend under load (%s)", () => {
  const TERMINATIONS = 3;
  let testDatabase: TestDatabase;
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    testDatabase = await openTestDatabase("postgres", "prepared");
    dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-lost-database-"));
    server = await startProcess(
      "src/server/main.ts",
      { DATABASE_URL: testDatabase.url ?? "", DATA_DIR: dataDir, NODE_ENV: "test", LOG_LEVEL: "fatal", RATE_LIMIT_PER_MINUTE: "1000000", AUTH_SECRET: "test-secret-test-secret-test-secret-0123" },
      "/readyz",
    );
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await testDatabase.destroy().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const isRunning = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  /** What an operator (or a failover) does: ends every connection to the server's database. */
  async function terminateBackends() {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const name = new URL(testDatabase.url ?? "").pathname.slice(1);
      const { rows } = await admin.query<{ ended: boolean }>("select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
      return rows.filter((row) => row.ended).length;
    } finally {
      await admin.end();
    }
  }

  const succeeded = (answers: Answer[]) => answers.filter((answer) => answer.path === "/api/payments/checkout" && answer.status === 200).length;

  /** Until every customer bought again after `since` answers, or the process is gone. */
  async function eachBuysAgain(answers: Answer[][], since: number[]) {
    await eventually(
      async () => isRunning(server.pid) && answers.every((own, index) => succeeded(own) > (since[index] ?? 0)),
      (done) => done || !isRunning(server.pid),
      30_000,
      50,
    );
  }

  it("stays up, answers what lost its connection 503 with Retry-After, serves again, and keeps every balance equal to its ledger", async () => {
    const customers: HttpCustomer[] = [];
    for (let index = 0; index < 8; index += 1) customers.push(await signUpCustomer(server.url, testDatabase.db));
    const stop = { stopped: false };
    const answers = customers.map((): Answer[] => []);
    const buying = customers.map((customer, index) => buyCreditUntil(server.url, customer, stop, answers[index] ?? []));
    try {
      await eachBuysAgain(answers, customers.map(() => 1));
      for (let round = 0; round < TERMINATIONS; round += 1) {
        const before = answers.map(succeeded);
        // Under load the server may hold no connection at the instant this looks (once seen in a full run): end the next it opens.
        await vi.waitFor(async () => expect(await terminateBackends()).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
        await eachBuysAgain(answers, before);
        expect(isRunning(server.pid), server.output()).toBe(true);
      }
    } finally {
      stop.stopped = true;
      await Promise.all(buying);
    }

    // Every request was answered: as usual, or 503 with Retry-After while the database was away.
    const all = answers.flat();
    const wrong = all.filter((answer) => answer.status === null || (answer.status !== 200 && (answer.status !== 503 || answer.retryAfter === null)));
    expect(wrong, server.output()).toEqual([]);
    expect(all.some((answer) => answer.status === 503)).toBe(true);

    for (const customer of customers) {
      const [checkout, balance] = await checkoutAndBalance(server.url, customer);
      expect([checkout.status, balance.status]).toEqual([200, 200]);
    }

    // Every balance is its ledger's sum, and only paid payments were credited, each once.
    const drift = await queryRows(
      testDatabase.db,
      sql`select b.user_id, b.balance, coalesce(sum(l.amount), 0) as ledger from credit_balances b left join ledger_entries l on l.user_id = b.user_id group by b.user_id, b.balance having b.balance <> coalesce(sum(l.amount), 0)`,
    );
    expect(drift).toEqual([]);
    const twice = await queryRows(testDatabase.db, sql`select kind, reference, count(*)::int as rows from ledger_entries group by kind, reference having count(*) > 1`);
    expect(twice).toEqual([]);
    const sessionsTwice = await queryRows(
      testDatabase.db,
      sql`select provider_payment_id, count(*)::int as rows from payments where provider_payment_id is not null group by provider_payment_id having count(*) > 1`,
    );
    expect(sessionsTwice).toEqual([]);
    const creditedWrongly = await queryRows(
      testDatabase.db,
      sql`select p.id, p.status, l.amount from payments p full join (select * from ledger_entries where kind = 'purchase') l on l.reference = p.id
          where (p.status = 'succeeded') is distinct from (l.id is not null) or l.amount <> p.credit_usd`,
    );
    expect(creditedWrongly).toEqual([]);
    const paid = await queryRows<{ paid: number }>(testDatabase.db, sql`select count(*)::int as paid from payments where status = 'succeeded'`);
    expect(paid[0]?.paid).toBeGreaterThan(0);
  }, 240_000);
});

/**
 * A connection lost between taking a client from the pool and its first query (the
 * transaction's `begin`) used to keep its pool slot for good: after enough losses no
 * request got a connection. The pool must be whole again after any number of them.
 */
describe.each(engines.filter((engine) => engine === "postgres"))("the connection pool after its backends are ended again and again (%s)", () => {
  const POOL_SIZE = 10;
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await openTestDatabase("postgres", "prepared");
  });
  afterAll(async () => {
    await testDatabase.destroy().catch(() => undefined);
  });

  it("still holds as many transactions at once as it has connections", async () => {
    const admin = new pg.Client({ connectionString: testDatabase.url ?? undefined });
    await admin.connect();
    const stop = { stopped: false };
    const busy = Array.from({ length: 2 * POOL_SIZE }, async () => {
      while (!stop.stopped) await testDatabase.db.transaction(async (tx) => tx.execute(sql`select 1`)).catch(() => undefined);
    });
    try {
      for (let round = 0; round < 40; round += 1) {
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      stop.stopped = true;
      await Promise.all(busy);
      await admin.end();
    }
    // Every transaction waits inside until all have begun: a pool short of a connection never gets there.
    let inside = 0;
    const together = Array.from({ length: POOL_SIZE }, () =>
      testDatabase.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside += 1;
        await eventually(async () => inside, (count) => count === POOL_SIZE, 15_000, 20);
      }),
    );
    await expect(Promise.all(together)).resolves.toHaveLength(POOL_SIZE);
  }, 60_000);
});
