import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startProcess, type ServerProcess } from "../scripts/server-process";
import { runFirstUseBench, type FirstUseFigures } from "./first-use";

/**
 * Lighthouse (mobile) on the public pages of the built app, each beside a baseline
 * measured in the same run: a minimal static HTML page from plain node:http
 * (lighthouse-baseline-server.ts). Scores are 0–100; LCP in milliseconds; JavaScript
 * as the browser received it (Brotli) and as gzip would send it. Part of
 * `npm run bench` (run.ts), never of `npm test`; `tsx bench/lighthouse.ts` runs it alone.
 */
const here = import.meta.dirname;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const LIGHTHOUSE_PAGES = ["/en", "/ar/country/in"];

export function chromiumAvailable(): boolean {
  return existsSync(chromiumPath);
}

export interface LighthouseFigures {
  page: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  /** Total blocking time, and the longest main-thread task (under Lighthouse's simulated 4× slower CPU), in ms. */
  tbtMs: number | null;
  longestTaskMs: number | null;
  /** Lighthouse's measure of this machine's speed (about 1,000–2,000 on a laptop): figures from machines with different indexes do not compare. */
  benchmarkIndex: number | null;
  /** Scripts as transferred to the browser (the encoding it negotiated, headers included). */
  jsTransferredBytes: number;
  /** The same scripts' bodies as the server sends them gzipped. */
  jsGzipBytes: number;
  scripts: number;
}

export interface LighthouseReport {
  baseline: LighthouseFigures;
  pages: (LighthouseFigures & { ratioToBaseline: { performance: number | null; lcp: number | null } })[];
  /** What Lighthouse does not see: the takeover at a visitor's first use of each page (first-use.ts). */
  firstUse: FirstUseFigures[];
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

const roundOrNull = (value: number | null | undefined) => (value === null || value === undefined || Number.isNaN(value) ? null : Math.round(value));
const score = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value * 100));

/** The gzipped body size of a URL, as the server answers a browser that accepts only gzip (bytes on the wire, not decompressed). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/**
 * One audit in a browser of its own. Headless Chromium now and then loses the trace of a
 * load (Lighthouse's NO_NAVSTART, a recording failure, not a figure): that audit is run
 * again, up to three times in all; any other failure ends the run.
 */
async function audit(url: string, label: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, label);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("NO_NAVSTART")) throw error;
    }
  }
}

async function auditOnce(url: string, label: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  try {
    return await auditIn(url, label, chrome.port);
  } finally {
    chrome.kill();
  }
}

async function auditIn(url: string, label: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] },
    { extends: "lighthouse:default", settings: { formFactor: "mobile", throttlingMethod: "simulate" } },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const requests = ((lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []).filter(
    (request) => request.resourceType === "Script",
  );
  const gzipped = await Promise.all(requests.map((request) => gzipBytes(request.url)));
  return {
    page: label,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories["best-practices"]?.score),
    seo: score(lhr.categories.seo?.score),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN) || null,
    tbtMs: roundOrNull(lhr.audits["total-blocking-time"]?.numericValue),
    longestTaskMs: roundOrNull(Math.max(0, ...(((lhr.audits["long-tasks"]?.details as { items?: { duration: number }[] } | undefined)?.items ?? []).map((task) => task.duration)))),
    benchmarkIndex: roundOrNull(lhr.environment?.benchmarkIndex),
    jsTransferredBytes: requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    jsGzipBytes: gzipped.reduce((sum, bytes) => sum + bytes, 0),
    scripts: requests.length,
  };
}

const ratio = (value: number | null, base: number | null) => (value !== null && base ? Number((value / base).toFixed(3)) : null);

/** Starts the baseline and the built server (embedded database, local providers), audits, stops them. */
export async function runLighthouseBench(): Promise<LighthouseReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialwise-lighthouse-"));
  const servers: ServerProcess[] = [];
  try {
    const baselineServer = await startProcess(path.join(here, "lighthouse-baseline-server.ts"), {}, "/");
    servers.push(baselineServer);
    // The built server as production runs it, the other benchmarks' settings, no outside provider.
    const product = await startProcess(
      path.join(here, "../dist/server/main.js"),
      { DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "100000000", NODE_ENV: "production" },
      "/readyz",
    );
    servers.push(product);
    // One unmeasured load each, so the first audit does not pay for a cold server's caches.
    for (const url of [`${baselineServer.url}/`, ...LIGHTHOUSE_PAGES.map((page) => `${product.url}${page}`)]) await fetch(url).then((response) => response.arrayBuffer());
    const baseline = await audit(`${baselineServer.url}/`, "baseline: static HTML page");
    const pages: LighthouseReport["pages"] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const figures = await audit(`${product.url}${page}`, page);
      pages.push({ ...figures, ratioToBaseline: { performance: ratio(figures.performance, baseline.performance), lcp: ratio(figures.lcpMs, baseline.lcpMs) } });
    }
    const firstUse = await runFirstUseBench(product.url, LIGHTHOUSE_PAGES, chromiumPath);
    return { baseline, pages, firstUse };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printLighthouseReport(report: LighthouseReport): void {
  const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));
  console.log("Lighthouse, mobile (scores 0–100; LCP in ms; JS in KiB; ratios to the baseline page in the same run):");
  const row = (figures: LighthouseFigures, ratios: { performance: number | null; lcp: number | null }) => ({
    page: figures.page,
    performance: figures.performance,
    accessibility: figures.accessibility,
    "best practices": figures.bestPractices,
    seo: figures.seo,
    "LCP ms": figures.lcpMs,
    "TBT ms": figures.tbtMs,
    "longest task ms": figures.longestTaskMs,
    benchmarkIndex: figures.benchmarkIndex,
    "JS transferred": kib(figures.jsTransferredBytes),
    "JS gzip": kib(figures.jsGzipBytes),
    scripts: figures.scripts,
    "perf ratio": ratios.performance,
    "LCP ratio": ratios.lcp,
  });
  console.table([row(report.baseline, { performance: 1, lcp: 1 }), ...report.pages.map((page) => row(page, page.ratioToBaseline))]);
  console.log("A visitor's first use (the app starts then, decision 051): CPU 4× slower, slow 4G; ms from the pointer's first move to the app taking the page over:");
  console.table(report.firstUse.map((figures) => ({ page: figures.page, visit: figures.visit, "ready ms": figures.readyMs, "longest task ms": figures.longestTaskMs, "blocking ms": figures.blockingMs })));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLighthouseBench()
    .then(printLighthouseReport)
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
