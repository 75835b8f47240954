import autocannon from "autocannon";
import { processCpuSeconds } from "./process-cpu";

export interface LoadResult {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** The server process's CPU time (user + system) per answered request, when the platform tells it. */
  serverCpuMicrosPerRequest: number | null;
  errors: number;
  non2xx: number;
}

export interface RequestShape {
  path: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
}

export interface LoadOptions {
  durationSeconds: number;
  connections: number;
  /** Seconds of the same load first, not measured: the JIT and the route's caches settle. */
  warmupSeconds?: number;
  /** The server's process, whose CPU time is read around the measured run. */
  serverPid?: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Different requests in rotation (e.g. many phone numbers); every connection walks the same list. */
  requests?: RequestShape[];
  /** The next request's body, shared by all connections, so no two requests repeat one (first-time numbers). */
  nextBody?: () => string;
}

/** Drives one URL with autocannon on loopback for a bounded time and summarises the run. */
export async function measure(name: string, url: string, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds) await run(url, options, options.warmupSeconds);
  const cpuBefore = options.serverPid === undefined ? null : processCpuSeconds(options.serverPid);
  const result = await run(url, options, options.durationSeconds);
  const cpuAfter = options.serverPid === undefined ? null : processCpuSeconds(options.serverPid);
  const answered = result.requests.total;
  return {
    name,
    url,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    serverCpuMicrosPerRequest:
      cpuBefore === null || cpuAfter === null || answered === 0 ? null : Number((((cpuAfter - cpuBefore) * 1e6) / answered).toFixed(1)),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function run(url: string, options: LoadOptions, duration: number): Promise<autocannon.Result> {
  const nextBody = options.nextBody;
  return autocannon({
    url,
    duration,
    connections: options.connections,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.method ? { method: options.method } : {}),
    ...(options.body ? { body: options.body } : {}),
    ...(options.requests ? { requests: options.requests } : {}),
    ...(nextBody ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: nextBody() }) }] } : {}),
  });
}
