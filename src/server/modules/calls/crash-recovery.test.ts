import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProcess, type ServerProcess } from "../../../../scripts/server-process";
import { parseMoney } from "../../../shared/money";
import { openDatabase, type Database } from "../../db/client";
import { callLogs } from "../../db/schema/calls";
import { ledgerEntries } from "../../db/schema/credits";
import { localCarrierCalls } from "../../db/schema/local-carrier";
import { openBrowserPeer, type BrowserPeer } from "../../providers/telephony/local/testing/browser-peer";
import { everyEngine, openTestDatabase, type TestDatabase } from "../../test/engines";
import { eventually } from "../../test/eventually";

/**
 * The server process killed (SIGKILL) while two customers talk on the local carrier, then
 * started again on the same database. The calls' media died with the process; the carrier's
 * record (its heartbeat) is all that says how long each call lasted. One customer hangs up
 * at once and the call ends then; the other waits, and can call again within a minute of the
 * kill. Each is billed for the talk seconds on the carrier's record at the rate frozen on the
 * call, whole minutes rounded up, never beyond the call's time limit.
 */
describe.each(everyEngine)("a call live when the server process died, on %s", (engine) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-crash-"));
  let database: TestDatabase | null = null;
  let env: Record<string, string>;
  let server: ServerProcess;
  const browsers: BrowserPeer[] = [];
  let waiting: Customer;
  let hangingUp: Customer;
  let killedAt = 0;

  interface Customer {
    email: string;
    cookie: string;
    callSid: string;
    answeredAt: number;
  }

  const start = () => startProcess("src/server/main.ts", env, "/readyz");

  async function api(method: string, route: string, cookie: string, body?: object): Promise<{ status: number; json: Record<string, unknown> }> {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { cookie, origin: server.url, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  /** A verified account, made through the API and the outbox's link in the server's log. */
  async function signUp(name: string): Promise<string> {
    const email = `${name}-${Date.now()}@example.com`;
    const password = "Crash-pass-1!";
    const post = (route: string, body: object) => fetch(`${server.url}${route}`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: JSON.stringify(body) });
    expect((await post("/api/auth/sign-up/email", { email, password, name, callbackURL: "/en/auth" })).ok).toBe(true);
    const link = await eventually(
      async () => new RegExp(`^│ \\[mail\\] verify_email to ${email.replace(/[.+]/g, "\\$&")}: (\\S+)$`, "m").exec(server.output())?.[1],
      (found) => found !== undefined,
      20_000,
    );
    expect((await fetch(link!, { redirect: "manual" })).status).toBe(302);
    return email;
  }

  async function signIn(email: string): Promise<string> {
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email, password: "Crash-pass-1!" }),
    });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  /** The device's side of a call, as the web app's local device places it: a voice token, an offer, the answer. */
  async function dial(cookie: string, to: string): Promise<string> {
    const { token, grant } = (await api("POST", "/api/voice/token", cookie)).json as { token: string; grant: string };
    const browser = await openBrowserPeer();
    browsers.push(browser);
    const placed = await api("POST", "/api/local-carrier/calls", cookie, { token, to, sdp: browser.offer, grant });
    expect(placed.status).toBe(201);
    await browser.accept(placed.json.sdp as string);
    return placed.json.callSid as string;
  }

  /** $5 bought at the local checkout, through the API as the web app buys it. */
  async function buyFiveDollars(cookie: string): Promise<void> {
    const checkout = await api("POST", "/api/payments/checkout", cookie, { amount: "5" });
    expect(checkout.status).toBe(200);
    const session = new URL(checkout.json.url as string).searchParams.get("session");
    const paid = await api("POST", `/api/local-checkout/sessions/${session}/pay`, cookie, { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" });
    expect(paid.status).toBe(200);
  }

  const callOf = async (cookie: string, callSid: string) => (await api("GET", `/api/calls/${callSid}`, cookie)).json.call as { status: string; answeredAt: string | null; durationSeconds: number };

  /** The database while the server is stopped (the embedded one is one process's), or beside it on PostgreSQL. */
  async function withDatabase<T>(run: (db: Database) => Promise<T>): Promise<T> {
    if (database) return run(database.db);
    const handle = await openDatabase({ dataDir });
    try {
      return await run(handle.db);
    } finally {
      await handle.close();
    }
  }

  function processGone(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return false;
    } catch {
      return true;
    }
  }

  beforeAll(async () => {
    database = engine === "postgres" ? await openTestDatabase("postgres", "prepared") : null;
    env = { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", LOG_LEVEL: "warn" };
    server = await start();
    const emails = [await signUp("waiting"), await signUp("hanging")];

    const customers: Customer[] = [];
    for (const email of emails) {
      const cookie = await signIn(email);
      await buyFiveDollars(cookie);
      customers.push({ email, cookie, callSid: await dial(cookie, "+442079460123"), answeredAt: 0 });
    }
    for (const customer of customers) {
      const answered = await eventually(() => callOf(customer.cookie, customer.callSid), (call) => call.status === "answered", 20_000, 200);
      customer.answeredAt = Date.parse(answered.answeredAt!);
    }
    [waiting, hangingUp] = customers as [Customer, Customer];
    // Talk long enough for the carrier to have said more than once that the calls are alive.
    await new Promise((resolve) => setTimeout(resolve, 12_000));

    process.kill(server.pid, "SIGKILL");
    killedAt = Date.now();
    await eventually(async () => processGone(server.pid), (gone) => gone, 10_000, 50);
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
    server = await start();
  }, 240_000);

  afterAll(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
    await server?.stop();
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("ends the call when its customer hangs up after the restart, and lets them call again at once", async () => {
    const token = (await api("POST", "/api/voice/token", hangingUp.cookie)).json.token as string;
    const hangUp = await api("POST", `/api/local-carrier/calls/${hangingUp.callSid}/hangup`, hangingUp.cookie, { token });
    expect(hangUp.status).toBe(200);
    // Ended by the hang-up, or already by the restarted server if it noticed first (`ended` says which): ended either way, once answered.
    expect((await callOf(hangingUp.cookie, hangingUp.callSid)).status).toBe("completed");

    const next = await dial(hangingUp.cookie, "+442079460123");
    expect((await eventually(() => callOf(hangingUp.cookie, next), (call) => call.status !== "initiated", 20_000, 200)).status).not.toBe("failed");
    await api("POST", `/api/local-carrier/calls/${next}/hangup`, hangingUp.cookie, { token });
  }, 60_000);

  it("ends the call by itself within a minute of the crash, so its customer can call again", async ({ annotate }) => {
    const ended = await eventually(() => callOf(waiting.cookie, waiting.callSid), (call) => call.status !== "answered", Math.max(0, killedAt + 60_000 - Date.now()), 250);
    expect(ended.status).toBe("completed");
    const next = await dial(waiting.cookie, "+442079460123");
    const placed = await eventually(() => callOf(waiting.cookie, next), (call) => call.status !== "initiated", 20_000, 200);
    expect(placed.status).not.toBe("failed");
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    await annotate(`called again ${Date.now() - killedAt} ms after the kill`);
    const token = (await api("POST", "/api/voice/token", waiting.cookie)).json.token as string;
    await api("POST", `/api/local-carrier/calls/${next}/hangup`, waiting.cookie, { token });
  }, 90_000);

  it("bills each call for the talk seconds on the carrier's record at its frozen rate, within its time limit", async () => {
    await server.stop();
    const customers = [waiting, hangingUp];
    const sids = customers.map((customer) => customer.callSid);
    const { records, calls, charges } = await withDatabase(async (db) => ({
      records: await db.select().from(localCarrierCalls).where(inArray(localCarrierCalls.callSid, sids)),
      calls: await db.select().from(callLogs).where(inArray(callLogs.callSid, sids)),
      charges: await db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, "call")),
    }));
    for (const customer of customers) {
      const record = records.find((row) => row.callSid === customer.callSid)!;
      const call = calls.find((row) => row.callSid === customer.callSid)!;
      expect(record).toMatchObject({ phase: "ended", finalStatus: "completed" });
      // What the carrier saw: the talk until its last heartbeat before the kill, never after it.
      expect(record.talkSeconds).toBeGreaterThan(0);
      expect(record.answeredAt!.getTime() + record.talkSeconds * 1000).toBeLessThanOrEqual(killedAt + 1000);
      // The billing rules: whole minutes rounded up of the talk seconds (at most the time limit) × the rate frozen at the gate.
      const billedSeconds = Math.min(record.talkSeconds, call.timeLimitSeconds);
      const minutes = Math.ceil(billedSeconds / 60);
      const expectedCost = minutes * parseMoney(call.ratePerMin);
      expect(call).toMatchObject({ status: "completed", durationSeconds: billedSeconds, billedMinutes: minutes });
      expect(parseMoney(call.costUsd)).toBe(expectedCost);
      const charged = charges.filter((row) => row.reference === customer.callSid);
      expect(charged.map((row) => parseMoney(row.amount))).toEqual([-expectedCost]);
    }
  }, 60_000);
});
