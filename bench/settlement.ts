import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import twilio from "twilio";
import { parseMoney } from "../src/shared/money";
import { loadConfig } from "../src/server/config";
import { publishOnlyBus } from "../src/server/db/bus";
import { openDatabase } from "../src/server/db/client";
import { session, user } from "../src/server/db/schema/auth";
import { issueCallGrant } from "../src/server/modules/calls/call-grant";
import { postLedgerEntry } from "../src/server/modules/credits/ledger";
import { STATUS_WEBHOOK_PATH, VOICE_WEBHOOK_PATH } from "../src/server/modules/calls/twiml";
import { localCarrierSecret } from "../src/server/providers/telephony/choose-carrier";
import { processCpuSeconds } from "./process-cpu";
import { startProcess } from "../scripts/server-process";

/**
 * The money path under load, on a real PostgreSQL: the gate (voice webhook) for one
 * call per customer, then a `completed` status callback per call, each settling it
 * (call log, ledger row, balance, two live events) in one transaction. Reported as
 * settlements per second over pgbench's TPC-B (also one small read-modify-write
 * transaction per request) on the same database in the same run, so the figure
 * compares across machines; then the drift check (every balance = the sum of its
 * ledger rows, every call settled once) and the gate's p99.
 */
export interface SettlementReport {
  calls: number;
  connections: number;
  pgbenchTps: number;
  gate: { requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; non2xx: number; errors: number; serverCpuMicrosPerRequest: number | null };
  settlement: { settlementsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; non2xx: number; errors: number; serverCpuMicrosPerRequest: number | null };
  settlementRatioToPgbenchTps: number;
  drift: { accountsOff: number; callsNotSettled: number; callLedgerRows: number; duplicateCharges: number };
}

const UK_MOBILE = "+447106123456";
const AUTH_SECRET = randomBytes(32).toString("base64url");

export async function runSettlementBench(adminUrl: string, options: { calls: number; connections: number; pgbenchSeconds: number }): Promise<SettlementReport> {
  const name = `dialwise_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    // TPC-B on this very database first, while nothing else runs on it.
    execFileSync("pgbench", ["-i", "-q", "-s", "1", databaseUrl], { stdio: "ignore" });
    const pgbenchOut = execFileSync("pgbench", ["-n", "-c", String(options.connections), "-j", "2", "-T", String(options.pgbenchSeconds), databaseUrl], {
      encoding: "utf8",
    });
    const tps = Number(/tps = ([\d.]+)/.exec(pgbenchOut)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`pgbench said:\n${pgbenchOut}`);

    const env = { DATABASE_URL: databaseUrl, AUTH_SECRET, LOG_LEVEL: "silent", NODE_ENV: "production", RATE_LIMIT_PER_MINUTE: "100000000" };
    const product = await startProcess(path.join(import.meta.dirname, "../dist/server/main.js"), env, "/readyz");
    try {
      const secret = localCarrierSecret(loadConfig({ ...env, PUBLIC_URL: product.url }), () => {
        throw new Error("the bench sets AUTH_SECRET");
      });
      const customers = await fundedCustomers(databaseUrl, options.calls);
      const userIds = customers.map((customer) => customer.userId);
      const callSids = userIds.map(() => `CA${randomBytes(16).toString("hex")}`);

      const sign = (pathname: string, params: Record<string, string>) => ({
        method: "POST" as const,
        path: pathname,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": twilio.getExpectedTwilioSignature(secret, `${product.url}${pathname}`, params),
        },
        body: new URLSearchParams(params).toString(),
      });
      const gateRequests = customers.map(({ userId, grant }, index) => sign(VOICE_WEBHOOK_PATH, { CallSid: callSids[index]!, From: `client:${userId}`, To: UK_MOBILE, Grant: grant }));
      const completions = callSids.map((callSid, index) =>
        sign(STATUS_WEBHOOK_PATH, { CallSid: `CB${callSid.slice(2)}`, ParentCallSid: callSid, CallStatus: "completed", CallDuration: String(1 + ((index * 37) % 900)) }),
      );

      const gate = await fire(product.url, product.pid, gateRequests, options.connections);
      const settlement = await fire(product.url, product.pid, completions, options.connections);
      const drift = await driftCheck(databaseUrl);
      return {
        calls: options.calls,
        connections: options.connections,
        pgbenchTps: Math.round(tps),
        gate: { requestsPerSecond: gate.perSecond, latencyP50Ms: gate.p50, latencyP99Ms: gate.p99, non2xx: gate.non2xx, errors: gate.errors, serverCpuMicrosPerRequest: gate.cpuMicros },
        settlement: {
          settlementsPerSecond: settlement.perSecond,
          latencyP50Ms: settlement.p50,
          latencyP99Ms: settlement.p99,
          non2xx: settlement.non2xx,
          errors: settlement.errors,
          serverCpuMicrosPerRequest: settlement.cpuMicros,
        },
        settlementRatioToPgbenchTps: Number((settlement.perSecond / tps).toFixed(3)),
        drift,
      };
    } finally {
      await product.stop();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * Customers with $100 each (an admin adjustment) and a live sign-in each, written straight into the database the
 * server uses, with the call grant their devices would send (decision 058).
 */
async function fundedCustomers(databaseUrl: string, count: number): Promise<{ userId: string; grant: string }[]> {
  const database = await openDatabase({ databaseUrl });
  try {
    const ids = Array.from({ length: count }, (_, index) => `bench-${index}-${randomBytes(4).toString("hex")}`);
    for (let start = 0; start < ids.length; start += 500) {
      const batch = ids.slice(start, start + 500);
      await database.db.insert(user).values(batch.map((id) => ({ id, name: id, email: `${id}@bench.example`, emailVerified: true })));
      await database.db.insert(session).values(batch.map((id) => ({ id: `s-${id}`, token: `t-${id}`, userId: id, expiresAt: new Date(Date.now() + 86_400_000) })));
    }
    for (const id of ids) {
      await database.db.transaction((tx) =>
        postLedgerEntry(tx, { userId: id, kind: "admin_adjustment", reference: `bench-grant-${id}`, amount: parseMoney("100"), createdBy: "bench" }, publishOnlyBus(tx)),
      );
    }
    const expiresAt = new Date(Date.now() + 3_600_000);
    return ids.map((userId) => ({ userId, grant: issueCallGrant(AUTH_SECRET, { userId, sessionId: `s-${userId}`, expiresAt }) }));
  } finally {
    await database.close();
  }
}

/** Sends each request once, over `connections` connections, and measures the run. */
export async function fire(base: string, pid: number, requests: { method: "POST"; path: string; headers: Record<string, string>; body: string }[], connections: number) {
  let next = 0;
  const cpuBefore = processCpuSeconds(pid);
  const result = await autocannon({
    url: base,
    connections,
    amount: requests.length,
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, ...requests[next++ % requests.length]! }) }],
  });
  const cpuAfter = processCpuSeconds(pid);
  const seconds = result.duration || 1;
  return {
    perSecond: Math.round(result.requests.total / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMicros: cpuBefore === null || cpuAfter === null ? null : Number((((cpuAfter - cpuBefore) * 1e6) / Math.max(1, result.requests.total)).toFixed(1)),
  };
}

async function driftCheck(databaseUrl: string): Promise<SettlementReport["drift"]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (text: string) => Number((await client.query<{ n: string }>(text)).rows[0]?.n ?? -1);
    return {
      accountsOff: await one(
        `select count(*) as n from credit_balances b where b.balance <> (select coalesce(sum(l.amount), 0) from ledger_entries l where l.user_id = b.user_id)`,
      ),
      callsNotSettled: await one(`select count(*) as n from call_logs where status <> 'completed'`),
      callLedgerRows: await one(`select count(*) as n from ledger_entries where kind = 'call'`),
      duplicateCharges: await one(`select count(*) as n from (select reference from ledger_entries where kind = 'call' group by reference having count(*) > 1) d`),
    };
  } finally {
    await client.end();
  }
}
