import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { measure, type LoadOptions, type LoadResult } from "./http-load";
import { lookupNumbers } from "./lookup-numbers";
import { startProcess, type ServerProcess } from "../scripts/server-process";
import { runSettlementBench, type SettlementReport } from "./settlement";
import { runPaymentCreditingBench, type PaymentCreditingReport } from "./payment-crediting";
import { runPageFloodBench, type PageFloodReport } from "./page-flood";
import { printDashboardReport, runDashboardBench, type DashboardBenchReport } from "./dashboard";
import { chromiumAvailable, printLighthouseReport, runLighthouseBench, type LighthouseReport } from "./lighthouse";

/**
 * npm run bench: loads the running product on loopback and reports each figure
 * as a ratio to a bare Fastify route measured in the same run, so results are
 * comparable across machines. Bounded: a few seconds per scenario, each after a
 * short unmeasured warm-up, and each product scenario on a fresh server. Besides requests per second it reports the server's
 * CPU time per request, which does not move with what else shares the cores.
 */
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const here = import.meta.dirname;
/** A real PostgreSQL (its admin URL) for the settlement scenario, which makes and drops its own database there. */
const settlementDatabaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const settlementCalls = Number(process.env.BENCH_SETTLEMENT_CALLS ?? 2000);
const creditingPayments = Number(process.env.BENCH_PAYMENTS ?? 2000);
/** The dashboard scenario's business: customers, calls over a year, purchases, and runs timed per period. */
const dashboardSizes = {
  customers: Number(process.env.BENCH_DASHBOARD_CUSTOMERS ?? 100_000),
  calls: Number(process.env.BENCH_DASHBOARD_CALLS ?? 1_000_000),
  payments: Number(process.env.BENCH_DASHBOARD_PAYMENTS ?? 200_000),
  repetitions: Number(process.env.BENCH_DASHBOARD_RUNS ?? 30),
};
/** Only the product scenarios whose names hold one of these words (comma-separated), beside the two baselines; every scenario when unset. */
const only = (process.env.BENCH_ONLY ?? "").split(",").map((word) => word.trim()).filter(Boolean);
const chosen = (name: string) => only.length === 0 || only.some((word) => name.includes(word));

const LOOKUP = "/api/rates/lookup";
const json = { "content-type": "application/json" };

interface Scenario {
  result: LoadResult;
  /** The bare route this scenario is compared with: the GET, or the POST carrying the same body. */
  baseline: "get" | "post";
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-bench-"));
  // Numbers the server has never been asked about: more than any of its caches holds
  // and more than a run sends, handed out one by one across all connections.
  const firstTimeNumbers = lookupNumbers(120_000, 5);
  const repeatNumbers = lookupNumbers(2000);
  let nextFirstTime = 0;

  const bare = await startProcess(path.join(here, "bare-server.ts"), {}, "/bare");
  // Each product scenario gets a freshly started server (on the same data folder, so
  // seeding happens once): the garbage and JIT state of one load, say the database-bound
  // /readyz, must not be billed to the next.
  const productEnv = { DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "100000000", NODE_ENV: "production" };
  const onProduct = async <T>(use: (product: ServerProcess) => Promise<T>): Promise<T> => {
    // The built server, as production runs it (npm run bench builds it first when stale).
    const product = await startProcess(path.join(here, "../dist/server/main.js"), productEnv, "/readyz");
    try {
      return await use(product);
    } finally {
      await product.stop();
    }
  };

  const load = (serverPid: number): LoadOptions => ({ durationSeconds, warmupSeconds, connections, serverPid });
  const lookupBody = (number: string) => JSON.stringify({ number });
  const scenarios: Scenario[] = [];
  let pageFlood: PageFloodReport | { skipped: string } = { skipped: "not among BENCH_ONLY" };
  try {
    const run = async (baseline: Scenario["baseline"], name: string, url: string, options: LoadOptions) =>
      scenarios.push({ baseline, result: await measure(name, url, options) });
    const runOnProduct = async (baseline: Scenario["baseline"], name: string, route: string, options: (pid: number) => LoadOptions) => {
      if (chosen(name)) await onProduct((product) => run(baseline, name, `${product.url}${route}`, options(product.pid)));
    };

    await run("get", "bare fastify GET (baseline)", `${bare.url}/bare`, load(bare.pid));
    await run("post", "bare fastify POST, the lookup's body (POST baseline)", `${bare.url}/bare`, {
      ...load(bare.pid),
      requests: repeatNumbers.map((number) => ({ method: "POST", path: "/bare", headers: json, body: lookupBody(number) })),
    });
    await runOnProduct("get", "GET /healthz (full plugin stack)", "/healthz", load);
    await runOnProduct("get", "GET /readyz (database round trip)", "/readyz", load);
    await runOnProduct("get", "GET /api/i18n/en (startup strings)", "/api/i18n/en?prefixes=nav.,common.", load);
    // The price of a number as dialling asks it: the same customers' numbers again and again. Each is asked
    // once first: autocannon's connections walk the list in step, so a short warm-up on a busy machine would
    // otherwise leave part of it unasked and bill first-time lookups to this scenario.
    const repeatName = `POST ${LOOKUP} (${repeatNumbers.length} numbers in rotation)`;
    if (chosen(repeatName)) {
      await onProduct(async (product) => {
        await askEachOnce(`${product.url}${LOOKUP}`, repeatNumbers.map(lookupBody));
        await run("post", repeatName, `${product.url}${LOOKUP}`, {
          ...load(product.pid),
          requests: repeatNumbers.map((number) => ({ method: "POST", path: LOOKUP, headers: json, body: lookupBody(number) })),
        });
      });
    }
    // The worst case: every request a number the server has never seen.
    await runOnProduct("post", `POST ${LOOKUP} (first-time numbers, none repeated)`, LOOKUP, (pid) => ({
      ...load(pid),
      method: "POST",
      headers: json,
      nextBody: () => lookupBody(firstTimeNumbers[nextFirstTime++ % firstTimeNumbers.length] ?? ""),
    }));
    // One address flooding a page with made-up query strings while another client asks the API.
    if (chosen("page flood")) pageFlood = await onProduct((product) => runPageFloodBench(product.url, { durationSeconds, warmupSeconds, connections: 16 }));
  } finally {
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  // Settlement needs a real PostgreSQL and pgbench beside it; without them it is reported as not run.
  const notChosen = { skipped: "not among BENCH_ONLY" };
  const settlement: SettlementReport | { skipped: string } = !chosen("settlement")
    ? notChosen
    : settlementDatabaseUrl
    ? await runSettlementBench(settlementDatabaseUrl, { calls: settlementCalls, connections: Math.min(connections, 10), pgbenchSeconds: durationSeconds })
    : { skipped: "set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL admin URL to run it" };
  // Payment crediting likewise: signed checkout events over HTTP, on real PostgreSQL beside pgbench.
  const paymentCrediting: PaymentCreditingReport | { skipped: string } = !chosen("payment crediting")
    ? notChosen
    : settlementDatabaseUrl
    ? await runPaymentCreditingBench(settlementDatabaseUrl, { payments: creditingPayments, connections: Math.min(connections, 10), pgbenchSeconds: durationSeconds })
    : { skipped: "set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL admin URL to run it" };
  // The back office dashboard's queries over a year of a 100,000-customer business, on real PostgreSQL.
  const dashboard: DashboardBenchReport | { skipped: string } = !chosen("dashboard")
    ? notChosen
    : settlementDatabaseUrl
    ? await runDashboardBench(settlementDatabaseUrl, dashboardSizes)
    : { skipped: "set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL admin URL to run it" };

  // Lighthouse on the public pages beside a static baseline page; needs the system Chromium.
  const lighthouse: LighthouseReport | { skipped: string } = !chosen("lighthouse")
    ? notChosen
    : chromiumAvailable()
    ? await runLighthouseBench()
    : { skipped: "no Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH" };

  const [getBase, postBase] = scenarios.map((scenario) => scenario.result);
  const ratio = (value: number, base: number | undefined) => (base ? Number((value / base).toFixed(3)) : null);
  const cpuRatio = (value: number | null, base: number | null | undefined) => (value && base ? Number((base / value).toFixed(3)) : null);
  const report = {
    ranAt: new Date().toISOString(),
    machine: { node: process.version, cpus: cpus().length },
    settings: { durationSeconds, warmupSeconds, connections, firstTimeNumbers: nextFirstTime },
    results: scenarios.map(({ result, baseline }) => {
      const base = baseline === "post" ? postBase : getBase;
      return {
        ...result,
        comparedWith: baseline === "post" ? "bare POST" : "bare GET",
        ratioToBaseline: ratio(result.requestsPerSecond, base?.requestsPerSecond),
        ratioToBareGet: ratio(result.requestsPerSecond, getBase?.requestsPerSecond),
        // Baseline CPU per request over this one's: the ratio the server alone would allow.
        cpuRatioToBaseline: cpuRatio(result.serverCpuMicrosPerRequest, base?.serverCpuMicrosPerRequest),
      };
    }),
    pageFlood,
    settlement,
    paymentCrediting,
    dashboard,
    lighthouse,
  };
  const folder = path.join(here, "results");
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `http-${report.ranAt.replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(folder, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);

  console.table(
    report.results.map((result) => ({
      name: result.name,
      "req/s": result.requestsPerSecond,
      "vs": result.comparedWith,
      ratio: result.ratioToBaseline,
      "vs GET": result.ratioToBareGet,
      "cpu µs/req": result.serverCpuMicrosPerRequest,
      "cpu ratio": result.cpuRatioToBaseline,
      "p99 ms": result.latencyP99Ms,
      errors: result.errors,
      non2xx: result.non2xx,
    })),
  );
  if ("skipped" in pageFlood) console.log(`Page flood: not run (${pageFlood.skipped})`);
  else {
    const { idle, duringFlood, floodRequests } = pageFlood;
    console.log(
      `Page flood (${pageFlood.connections} connections on ${pageFlood.flood}: ${floodRequests.requestsPerSecond} req/s, ${floodRequests.ok} pages, ${floodRequests.refused} refused 429, ${floodRequests.serverErrors} 5xx): ` +
        `${pageFlood.api} p99 ${idle.p99Ms} ms idle, ${duringFlood.p99Ms} ms during the flood = ${pageFlood.p99Ratio}× (goal: 3× or less); ` +
        `p50 ${idle.p50Ms} → ${duringFlood.p50Ms} ms, max ${idle.maxMs} → ${duringFlood.maxMs} ms, ${idle.requests} and ${duringFlood.requests} answers`,
    );
  }
  if ("skipped" in settlement) console.log(`Settlement: not run (${settlement.skipped})`);
  else {
    console.log(
      `Settlement on PostgreSQL: ${settlement.settlement.settlementsPerSecond}/s = ${settlement.settlementRatioToPgbenchTps} × pgbench TPC-B (${settlement.pgbenchTps} tps), ` +
        `p99 ${settlement.settlement.latencyP99Ms} ms; gate ${settlement.gate.requestsPerSecond}/s, p99 ${settlement.gate.latencyP99Ms} ms; ` +
        `drift: ${settlement.drift.accountsOff} accounts off, ${settlement.drift.callsNotSettled} calls unsettled, ${settlement.drift.duplicateCharges} double charges (${settlement.drift.callLedgerRows} call rows)`,
    );
    const { drift, calls } = settlement;
    // Money that does not add up fails the run, however fast it was.
    if (drift.accountsOff !== 0 || drift.callsNotSettled !== 0 || drift.duplicateCharges !== 0 || drift.callLedgerRows !== calls) process.exitCode = 1;
  }
  if ("skipped" in paymentCrediting) console.log(`Payment crediting: not run (${paymentCrediting.skipped})`);
  else {
    const { delivery, checks } = paymentCrediting;
    console.log(
      `Payment crediting on PostgreSQL: ${delivery.paymentsCreditedPerSecond} payments/s = ${paymentCrediting.creditingRatioToPgbenchTps} × pgbench TPC-B (${paymentCrediting.pgbenchTps} tps), ` +
        `${delivery.deliveriesPerSecond} deliveries/s (${paymentCrediting.repeatedDeliveries} repeats), p50 ${delivery.latencyP50Ms} ms, p99 ${delivery.latencyP99Ms} ms, ${delivery.non2xx} non-2xx; ` +
        `checks: ${checks.accountsOff} accounts off their ledger, ${checks.purchaseRows}/${paymentCrediting.payments} payments credited, ${checks.paymentsCreditedTwice} twice, ` +
        `${checks.paymentsNotSucceeded} not succeeded, ${checks.customersNotHoldingWhatTheyBought} customers not holding what they bought`,
    );
    // Money that does not add up fails the run, however fast it was.
    if (
      checks.accountsOff !== 0 ||
      checks.paymentsCreditedTwice !== 0 ||
      checks.paymentsNotSucceeded !== 0 ||
      checks.customersNotHoldingWhatTheyBought !== 0 ||
      checks.purchaseRows !== paymentCrediting.payments ||
      delivery.non2xx !== 0
    ) {
      process.exitCode = 1;
    }
  }
  if ("skipped" in dashboard) console.log(`Dashboard: not run (${dashboard.skipped})`);
  else {
    printDashboardReport(dashboard);
    if (!dashboard.goalMet) process.exitCode = 1;
  }
  if ("skipped" in lighthouse) console.log(`Lighthouse: not run (${lighthouse.skipped})`);
  else printLighthouseReport(lighthouse);
  console.log(`Results written to ${path.relative(process.cwd(), file)}`);
}

/** Posts each body once, a few at a time, before a scenario that repeats them is measured. */
async function askEachOnce(url: string, bodies: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let body = bodies[next++]; body !== undefined; body = bodies[next++]) {
      const response = await fetch(url, { method: "POST", headers: json, body });
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
