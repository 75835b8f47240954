import { performance } from "node:perf_hooks";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { DashboardPeriod } from "../src/shared/api/admin-dashboard";
import { openDatabase, type Executor } from "../src/server/db/client";
import { activeCustomers } from "../src/server/modules/admin/dashboard/call-figures";
import { latestCalls, latestPayments, openSupport } from "../src/server/modules/admin/dashboard/latest";
import { creditedBack, moneyFigures, outstandingBalance, signUps } from "../src/server/modules/admin/dashboard/money-figures";
import { dashboardRange, type DashboardRange } from "../src/server/modules/admin/dashboard/period";
import { withBenchDatabase } from "./bench-database";
import { adminDashboardFigures } from "../src/server/modules/admin/dashboard/service";
import { summaryCallFigures, summaryCallOutcomes, summaryDailyCalls, summaryTopDestinations } from "../src/server/modules/admin/dashboard/summary-figures";
import { dailySummaryBackfill } from "../src/server/test/dashboard-backfill";

/**
 * The back office dashboard on a real PostgreSQL with a business's worth of rows: 100,000
 * customers, 1,000,000 calls over the last year, purchases, refunds and support threads, all
 * made by generate_series in SQL. Times the whole dashboard (every figure family's query, side
 * by side on the pool as the route runs them) for the 30- and 7-day periods, and each family
 * alone, then prints EXPLAIN (ANALYZE, BUFFERS) of the three slowest families' queries.
 * Goal: p99 of the whole dashboard at most 200 ms.
 */
export interface DashboardBenchReport {
  customers: number;
  calls: number;
  payments: number;
  repetitions: number;
  periods: { period: DashboardPeriod; p50Ms: number; p99Ms: number; maxMs: number }[];
  families: { family: string; p50Ms: number; p99Ms: number }[];
  plans: { family: string; sql: string; plan: string }[];
  goalMet: boolean;
}

const GOAL_P99_MS = 200;

/** Rows a business of this size would have, made on the server in a few statements. */
async function seed(client: pg.Client, sizes: { customers: number; calls: number; payments: number }): Promise<void> {
  const { customers, calls, payments } = sizes;
  await client.query(`
    insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
    select 'bench_u' || g, 'Customer ' || g, 'customer' || g || '@bench.example', true, 'user',
           now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second', now()
    from generate_series(1, ${customers}) g`);
  await client.query(`
    insert into credit_balances (user_id, balance)
    select 'bench_u' || g, round(((g * 37) % 5000) / 100.0, 4) from generate_series(1, ${customers}) g`);
  // One call every ~31.5 s over the last year: a tenth refused or unanswered in their ways,
  // a twentieth incoming; media measured on a third, a rating on a fifth.
  await client.query(`
    insert into call_logs (user_id, call_sid, direction, to_number, country_code, rate_per_min, carrier_rate, rate_prefix, margin_bp,
                           time_limit_seconds, carrier, status, refusal_reason, started_at, answered_at, ended_at, duration_seconds,
                           billed_minutes, cost_usd, quality_rating, quality)
    select 'bench_u' || (1 + (g::bigint * 7919) % ${customers}),
           'CAbench' || g,
           case when g % 20 = 0 then 'inbound' else 'outbound' end,
           '+' || (440000000000 + g),
           (array['GB','US','IN','PK','PH','NG','MX','AE','BD','DE','FR','CA','JM','SE','BR','CN','RU','ES','EG','KE'])[1 + g % 20],
           rate, rate / 1.9, '44', 9000, 3600, 'local',
           case when g % 10 = 1 then 'failed' when g % 10 = 2 then 'busy' when g % 10 = 3 then 'no-answer' when g % 31 = 0 then 'declined' else 'completed' end,
           case when g % 10 = 1 and g % 3 = 0 then 'insufficient_balance' when g % 10 = 1 and g % 3 = 1 then 'no_rate' else null end,
           started,
           case when g % 10 in (1, 2, 3) or g % 31 = 0 then null else started + interval '5 seconds' end,
           started + interval '2 minutes',
           secs, ceil(secs / 60.0), ceil(secs / 60.0) * rate,
           case when g % 5 = 0 and g % 10 not in (1, 2, 3) then 1 + g % 5 else null end,
           case when g % 3 = 0 then jsonb_build_object('rttMs', 50 + g % 700, 'jitterMs', g % 60, 'packetLoss', (g % 80) / 1000.0, 'mos', null,
                                                      'packetsSent', 1000, 'packetsReceived', 990) else null end
    from (
      select g, now() - g * (interval '1 year' / ${calls}) as started,
             round((0.01 + (g % 50) / 100.0)::numeric, 4) as rate,
             case when g % 10 in (1, 2, 3) or g % 31 = 0 then 0 else 10 + (g * 13) % 900 end as secs
      from generate_series(1, ${calls}) g
    ) c`);
  await client.query(`
    insert into payments (id, user_id, provider, provider_payment_id, amount_usd, credit_usd, status, refunded_usd, created_at, completed_at)
    select 'pay_bench' || g, 'bench_u' || (1 + (g::bigint * 104729) % ${customers}), 'local', 'cs_bench' || g, amount, amount,
           case when g % 25 = 0 then 'failed' when g % 40 = 1 then 'partially_refunded' else 'succeeded' end,
           case when g % 40 = 1 then amount / 2 else 0 end, created, created + interval '10 seconds'
    from (select g, (array[5, 10, 20, 50])[1 + g % 4]::numeric as amount, now() - g * (interval '1 year' / ${payments}) as created
          from generate_series(1, ${payments}) g) p`);
  await client.query(`
    insert into payment_refunds (id, payment_id, amount_usd, credit_removed_usd, reason, status, created_at, completed_at)
    select 'rfd_' || p.id, p.id, p.refunded_usd, p.refunded_usd, 'requested_by_customer', 'succeeded', p.created_at + interval '1 day', p.created_at + interval '1 day'
    from payments p where p.status = 'partially_refunded'`);
  await client.query(`
    insert into support_conversations (id, kind, user_id, reference, status, created_at, last_message_at)
    select 'sup_bench' || g, 'customer', 'bench_u' || g, 'DW-B' || lpad(g::text, 7, '0'), case when g % 4 = 0 then 'open' else 'closed' end,
           now() - g * interval '1 hour', now() - g * interval '1 hour'
    from generate_series(1, 3000) g`);
  await client.query(`
    insert into support_messages (conversation_id, author, body, read_at, created_at)
    select 'sup_bench' || (1 + g % 3000), case when g % 2 = 0 then 'customer' else 'admin' end, 'Message ' || g,
           case when g % 7 = 0 then null else now() end, now() - g * interval '20 minutes'
    from generate_series(1, 12000) g`);
  // The calls were written straight into call_logs, after the migrations: their daily summary is
  // filled as an upgraded database's is, by migration 0017's backfill (timed: it runs in the upgrade).
  const backfillStarted = performance.now();
  await client.query(dailySummaryBackfill());
  console.log(`Dashboard bench: the daily summary's backfill took ${((performance.now() - backfillStarted) / 1000).toFixed(1)} s`);
  await client.query("vacuum analyze");
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (value: number) => Number(value.toFixed(1));

async function time(repetitions: number, run: () => Promise<unknown>): Promise<{ p50Ms: number; p99Ms: number; maxMs: number }> {
  for (let warm = 0; warm < 3; warm++) await run();
  const samples: number[] = [];
  for (let index = 0; index < repetitions; index++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50Ms: round(percentile(samples, 50)), p99Ms: round(percentile(samples, 99)), maxMs: round(samples.at(-1) ?? 0) };
}

type Family = [name: string, run: (db: Executor, range: DashboardRange) => Promise<unknown>];
const FAMILIES: Family[] = [
  ["call figures (summary)", summaryCallFigures],
  ["active customers", activeCustomers],
  ["credit sold and refunds", moneyFigures],
  ["sign-ups", signUps],
  ["outstanding balance", (db) => outstandingBalance(db)],
  ["calls per day (summary)", summaryDailyCalls],
  ["top destinations (summary)", summaryTopDestinations],
  ["call outcomes (summary)", summaryCallOutcomes],
  ["credited back", creditedBack],
  ["latest calls", (db) => latestCalls(db)],
  ["latest payments", (db) => latestPayments(db)],
  ["open support threads", (db) => openSupport(db)],
];

export async function runDashboardBench(adminUrl: string, options: { customers: number; calls: number; payments: number; repetitions: number }): Promise<DashboardBenchReport> {
  // A database of its own, so no other bench or test run that cleans up its databases meets it.
  return withBenchDatabase(adminUrl, "dialwise_dashboard_bench", async (databaseUrl) => {
    // Migrated as the product migrates it, then filled.
    await (await openDatabase({ databaseUrl })).close();
    const client = new pg.Client({ connectionString: databaseUrl });
    // Dropping the database at the end ends this session: an error event nobody must throw for.
    client.on("error", () => undefined);
    await client.connect();
    const seedStarted = performance.now();
    await seed(client, options);
    console.log(`Dashboard bench: seeded ${options.customers} customers, ${options.calls} calls, ${options.payments} payments in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    // A pool like the product's, whose statements are recorded so the slowest can be explained.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    pool.on("error", () => undefined);
    const recorded: { sql: string; params: unknown[] }[] = [];
    let recording = false;
    const db = drizzle({ client: pool, logger: { logQuery: (sql, params) => void (recording && recorded.push({ sql, params })) } }) as unknown as Executor;
    try {
      const periods: DashboardBenchReport["periods"] = [];
      for (const period of ["30d", "7d"] as const) {
        periods.push({ period, ...(await time(options.repetitions, () => adminDashboardFigures(db, { period }))) });
      }
      const range = dashboardRange({ period: "30d" });
      const families: (DashboardBenchReport["families"][number] & { statements: { sql: string; params: unknown[] }[] })[] = [];
      for (const [family, run] of FAMILIES) {
        recorded.length = 0;
        recording = true;
        await run(db, range);
        recording = false;
        const statements = [...recorded];
        families.push({ family, statements, ...(await time(options.repetitions, () => run(db, range))) });
      }
      families.sort((a, b) => b.p99Ms - a.p99Ms);
      const plans: DashboardBenchReport["plans"] = [];
      for (const { family, statements } of families.slice(0, 3)) {
        for (const statement of statements) {
          const result = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
          plans.push({ family, sql: statement.sql, plan: result.rows.map((row) => row["QUERY PLAN"]).join("\n") });
        }
      }
      const worst = Math.max(...periods.map((row) => row.p99Ms));
      return {
        ...options,
        periods,
        families: families.map(({ family, p50Ms, p99Ms }) => ({ family, p50Ms, p99Ms })),
        plans,
        goalMet: worst <= GOAL_P99_MS,
      };
    } finally {
      await pool.end();
      await client.end();
    }
  });
}

export function printDashboardReport(report: DashboardBenchReport): void {
  for (const row of report.periods) {
    console.log(`Dashboard (${row.period}) on PostgreSQL, ${report.repetitions} runs: p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, max ${row.maxMs} ms (goal: p99 ≤ ${GOAL_P99_MS} ms)`);
  }
  console.table(report.families);
  for (const plan of report.plans) console.log(`\n-- ${plan.family}\n${plan.sql}\n${plan.plan}`);
  console.log(report.goalMet ? "Dashboard: goal met." : "Dashboard: goal NOT met.");
}
