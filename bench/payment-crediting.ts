import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { MONEY_SCALE, moneyToDecimal } from "../src/shared/money";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { user } from "../src/server/db/schema/auth";
import { payments } from "../src/server/db/schema/payments";
import { newPaymentId } from "../src/server/modules/payments/service";
import { localCheckoutSecret } from "../src/server/providers/payments/choose-payments";
import { LOCAL_CHECKOUT_SIGNATURE_HEADER, LOCAL_CHECKOUT_WEBHOOK_PATH, LocalCheckout } from "../src/server/providers/payments/local/local-checkout";
import { startProcess } from "../scripts/server-process";
import { fire } from "./settlement";

/**
 * Money in under load, on a real PostgreSQL: N pending payments spread over many customers
 * (several each, so one account's credits queue on its balance row), and for each the local
 * checkout's signed `checkout.session.completed` event delivered over HTTP to the built server,
 * with some deliveries repeated (the same event again, as a provider retries it, and a second
 * event for an already-paid session), all shuffled so repeats race their originals. Each first
 * delivery claims the event, locks the payment, moves it to succeeded and posts its `purchase`
 * ledger row in one transaction. Reported as payments credited per second over pgbench's TPC-B
 * on the same database in the same run; then the checks: no account's balance differs from the
 * sum of its ledger, every payment credited exactly once, every customer holds exactly what
 * their payments bought.
 */
export interface PaymentCreditingReport {
  payments: number;
  customers: number;
  deliveries: number;
  repeatedDeliveries: number;
  connections: number;
  pgbenchTps: number;
  delivery: { deliveriesPerSecond: number; paymentsCreditedPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; non2xx: number; errors: number; serverCpuMicrosPerRequest: number | null };
  creditingRatioToPgbenchTps: number;
  checks: { accountsOff: number; paymentsNotSucceeded: number; purchaseRows: number; paymentsCreditedTwice: number; customersNotHoldingWhatTheyBought: number };
}

const AUTH_SECRET = randomBytes(32).toString("base64url");

export async function runPaymentCreditingBench(adminUrl: string, options: { payments: number; connections: number; pgbenchSeconds: number }): Promise<PaymentCreditingReport> {
  const name = `dialwise_bench_pay_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    // TPC-B on this very database first, while nothing else runs on it.
    execFileSync("pgbench", ["-i", "-q", "-s", "1", databaseUrl], { stdio: "ignore" });
    const pgbenchOut = execFileSync("pgbench", ["-n", "-c", String(options.connections), "-j", "2", "-T", String(options.pgbenchSeconds), databaseUrl], { encoding: "utf8" });
    const tps = Number(/tps = ([\d.]+)/.exec(pgbenchOut)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`pgbench said:\n${pgbenchOut}`);

    const env = { DATABASE_URL: databaseUrl, AUTH_SECRET, LOG_LEVEL: "silent", NODE_ENV: "production", RATE_LIMIT_PER_MINUTE: "100000000" };
    const product = await startProcess(path.join(import.meta.dirname, "../dist/server/main.js"), env, "/readyz");
    try {
      const config = loadConfig({ ...env, PUBLIC_URL: product.url });
      const checkout = new LocalCheckout(
        localCheckoutSecret(config, () => {
          throw new Error("the bench sets AUTH_SECRET");
        }),
        product.url,
      );
      const customers = Math.max(1, Math.ceil(options.payments / 4));
      const pending = await pendingPayments(databaseUrl, options.payments, customers);

      // Every event is signed now: the whole run fits well inside the signature's 5-minute tolerance.
      const request = (event: { body: string; signature: string }) => ({
        method: "POST" as const,
        path: LOCAL_CHECKOUT_WEBHOOK_PATH,
        headers: { "content-type": "application/json", [LOCAL_CHECKOUT_SIGNATURE_HEADER]: event.signature },
        body: event.body,
      });
      const deliveries = pending.flatMap((payment, index) => {
        const session = { sessionId: payment.sessionId, paymentId: payment.id, userId: payment.userId, amountCents: payment.cents, email: payment.email };
        const event = checkout.signedEvent("checkout.session.completed", session);
        const all = [request(event)];
        if (index % 10 === 0) all.push(request(event)); // the same event redelivered
        if (index % 20 === 5) all.push(request(checkout.signedEvent("checkout.session.completed", session))); // another event for a paid session
        return all;
      });
      shuffle(deliveries);

      const run = await fire(product.url, product.pid, deliveries, options.connections);
      const seconds = deliveries.length / Math.max(1, run.perSecond);
      const checks = await checkMoney(databaseUrl, pending);
      const creditedPerSecond = Math.round(options.payments / seconds);
      return {
        payments: options.payments,
        customers,
        deliveries: deliveries.length,
        repeatedDeliveries: deliveries.length - options.payments,
        connections: options.connections,
        pgbenchTps: Math.round(tps),
        delivery: {
          deliveriesPerSecond: run.perSecond,
          paymentsCreditedPerSecond: creditedPerSecond,
          latencyP50Ms: run.p50,
          latencyP99Ms: run.p99,
          non2xx: run.non2xx,
          errors: run.errors,
          serverCpuMicrosPerRequest: run.cpuMicros,
        },
        creditingRatioToPgbenchTps: Number((creditedPerSecond / tps).toFixed(3)),
        checks,
      };
    } finally {
      await product.stop();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

interface PendingPayment {
  id: string;
  userId: string;
  email: string;
  sessionId: string;
  cents: number;
}

/**
 * Customers and their pending payments, written straight into the database the server uses,
 * as the checkout route leaves them: $5.00 to $54.99 in whole cents, the session id the local
 * checkout would have made.
 */
async function pendingPayments(databaseUrl: string, count: number, customers: number): Promise<PendingPayment[]> {
  const database = await openDatabase({ databaseUrl });
  try {
    const ids = Array.from({ length: customers }, (_, index) => `bench-pay-${index}-${randomBytes(4).toString("hex")}`);
    for (let start = 0; start < ids.length; start += 500) {
      const batch = ids.slice(start, start + 500);
      await database.db.insert(user).values(batch.map((id) => ({ id, name: id, email: `${id}@bench.example`, emailVerified: true })));
    }
    const rows: PendingPayment[] = Array.from({ length: count }, (_, index) => {
      const userId = ids[index % customers]!;
      return { id: newPaymentId(), userId, email: `${userId}@bench.example`, sessionId: `cs_local_${randomBytes(16).toString("hex")}`, cents: 500 + ((index * 7919) % 5000) };
    });
    for (let start = 0; start < rows.length; start += 500) {
      await database.db.insert(payments).values(
        rows.slice(start, start + 500).map((row) => {
          const usd = moneyToDecimal(row.cents * (MONEY_SCALE / 100));
          return { id: row.id, userId: row.userId, provider: "local" as const, providerPaymentId: row.sessionId, amountUsd: usd, creditUsd: usd };
        }),
      );
    }
    return rows;
  } finally {
    await database.close();
  }
}

function shuffle<T>(items: T[]): void {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
}

/** What must hold however fast it ran: every figure is counted in SQL against what the bench itself wrote. */
async function checkMoney(databaseUrl: string, pending: PendingPayment[]): Promise<PaymentCreditingReport["checks"]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (text: string, values: unknown[] = []) => Number((await client.query<{ n: string }>(text, values)).rows[0]?.n ?? -1);
    // What each customer bought, summed here from the bench's own list, in cents.
    const bought = new Map<string, number>();
    for (const payment of pending) bought.set(payment.userId, (bought.get(payment.userId) ?? 0) + payment.cents);
    const expected = [...bought].map(([userId, cents]) => ({ userId, usd: moneyToDecimal(cents * (MONEY_SCALE / 100)) }));
    return {
      accountsOff: await one(
        `select count(*) as n from credit_balances b where b.balance <> (select coalesce(sum(l.amount), 0) from ledger_entries l where l.user_id = b.user_id)`,
      ),
      paymentsNotSucceeded: await one(`select count(*) as n from payments where status <> 'succeeded'`),
      purchaseRows: await one(`select count(*) as n from ledger_entries where kind = 'purchase'`),
      paymentsCreditedTwice: await one(`select count(*) as n from (select reference from ledger_entries where kind = 'purchase' group by reference having count(*) > 1) d`),
      customersNotHoldingWhatTheyBought: await one(
        `select count(*) as n from jsonb_to_recordset($1::jsonb) as e("userId" text, usd numeric)
           left join credit_balances b on b.user_id = e."userId"
          where b.balance is distinct from e.usd`,
        [JSON.stringify(expected)],
      ),
    };
  } finally {
    await client.end();
  }
}
