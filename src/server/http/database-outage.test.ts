import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer, type Server } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { engines, openTestDatabase, type Engine, type TestDatabase } from "../test/engines";
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

describe.each(engines)("a database outage on %s", (engine: Engine) => {
  let testDatabase: TestDatabase;
  let proxy: TcpProxy | null = null;
  let server: Server;
  let port: number;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    testDatabase = await openTestDatabase(engine);
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
});
