import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { measure, type LoadResult } from "./http-load";
import { lookupNumbers } from "./lookup-numbers";
import { startProcess } from "../scripts/server-process";

/**
 * npm run bench: loads the running product on loopback and reports each figure
 * as a ratio to a bare Fastify route measured in the same run, so results are
 * comparable across machines. Bounded: a few seconds per scenario.
 */
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const here = import.meta.dirname;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-bench-"));
  const bare = await startProcess(path.join(here, "bare-server.ts"), {}, "/bare");
  const product = await startProcess(
    path.join(here, "../src/server/main.ts"),
    { DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "100000000", NODE_ENV: "production" },
    "/readyz",
  );

  const load = { durationSeconds, connections };
  const results: LoadResult[] = [];
  try {
    results.push(await measure("bare fastify route (baseline)", `${bare.url}/bare`, load));
    results.push(await measure("GET /healthz (full plugin stack)", `${product.url}/healthz`, load));
    results.push(await measure("GET /readyz (database round trip)", `${product.url}/readyz`, load));
    results.push(await measure("GET /api/i18n/en (startup strings)", `${product.url}/api/i18n/en?prefixes=nav.,common.`, load));
    // The price of a number: many distinct real numbers in rotation, answered from the in-memory prefix index.
    const lookups = lookupNumbers(2000).map((number) => ({
      method: "POST" as const,
      path: "/api/rates/lookup",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ number }),
    }));
    results.push(await measure(`POST /api/rates/lookup (${lookups.length} numbers in rotation)`, `${product.url}/api/rates/lookup`, { ...load, requests: lookups }));
  } finally {
    await product.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const baseline = results[0]?.requestsPerSecond ?? 1;
  const report = {
    ranAt: new Date().toISOString(),
    machine: { node: process.version, cpus: cpus().length },
    settings: { durationSeconds, connections },
    results: results.map((result) => ({ ...result, ratioToBaseline: Number((result.requestsPerSecond / baseline).toFixed(3)) })),
  };
  const folder = path.join(here, "results");
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `http-${report.ranAt.replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(folder, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);

  console.table(
    report.results.map(({ name, requestsPerSecond, ratioToBaseline, latencyP99Ms, errors, non2xx }) => ({
      name,
      "req/s": requestsPerSecond,
      ratio: ratioToBaseline,
      "p99 ms": latencyP99Ms,
      errors,
      non2xx,
    })),
  );
  console.log(`Results written to ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
