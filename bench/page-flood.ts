import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";

export interface LatencySummary {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failures: number;
}

export interface PageFloodReport {
  api: string;
  flood: string;
  connections: number;
  idle: LatencySummary;
  duringFlood: LatencySummary;
  /** The API's p99 during the flood over its idle p99 (goal: 3 or less). */
  p99Ratio: number;
  floodRequests: { requests: number; requestsPerSecond: number; ok: number; refused: number; serverErrors: number; errors: number };
}

const API = "/api/rates/countries/GB";
const FLOODED_PAGE = "/en/country/uk";
/** How often the API client asks: another visitor's page polling prices, not a load of its own. */
const PACE_MS = 5;

/**
 * One address floods a public page with a new query string on every request while
 * another client asks the API for a price: the API's p99 is measured alone first, then
 * during the flood, on the same server in the same run. The flood runs in its own
 * process; the API client here asks once every few milliseconds on one connection.
 */
export async function runPageFloodBench(baseUrl: string, options: { durationSeconds: number; warmupSeconds: number; connections: number }): Promise<PageFloodReport> {
  const idle = await probe(`${baseUrl}${API}`, options.durationSeconds);
  const flood = startFlood(baseUrl, options.warmupSeconds + options.durationSeconds + 1, options.connections);
  await new Promise((resolve) => setTimeout(resolve, options.warmupSeconds * 1000));
  const duringFlood = await probe(`${baseUrl}${API}`, options.durationSeconds);
  const floodRequests = await flood;
  return {
    api: `GET ${API}`,
    flood: `GET ${FLOODED_PAGE}?utm=<unique>`,
    connections: options.connections,
    idle,
    duringFlood,
    p99Ratio: Number((duringFlood.p99Ms / idle.p99Ms).toFixed(2)),
    floodRequests,
  };
}

function startFlood(baseUrl: string, seconds: number, connections: number): Promise<PageFloodReport["floodRequests"]> {
  const script = path.join(import.meta.dirname, "page-flood-client.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script, baseUrl, String(seconds), String(connections), FLOODED_PAGE], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      const line = output.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !line.startsWith("{")) return reject(new Error(`the page flood exited with ${code}: ${output}`));
      resolve(JSON.parse(line) as PageFloodReport["floodRequests"]);
    });
  });
}

/** Asks `url` every PACE_MS (or as soon as the last answer came, when slower) for `seconds`, timing each answer. */
async function probe(url: string, seconds: number): Promise<LatencySummary> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failures = 0;
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const started = process.hrtime.bigint();
    const status = await new Promise<number>((resolve) => {
      http
        .get(url, { agent }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        })
        .on("error", () => resolve(0));
    });
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    if (status === 200) latencies.push(elapsedMs);
    else failures += 1;
    if (elapsedMs < PACE_MS) await new Promise((resolve) => setTimeout(resolve, PACE_MS - elapsedMs));
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0).toFixed(2));
  return { requests: latencies.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), failures };
}
