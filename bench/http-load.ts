import autocannon from "autocannon";

export interface LoadResult {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  durationSeconds: number;
  connections: number;
  headers?: Record<string, string>;
  method?: "GET" | "POST";
  body?: string;
  /** Different requests in rotation (e.g. many phone numbers), so a cache cannot answer them all. */
  requests?: { path: string; method?: "GET" | "POST"; body?: string; headers?: Record<string, string> }[];
}

/** Drives one URL with autocannon on loopback for a bounded time and summarises the run. */
export async function measure(name: string, url: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url,
    duration: options.durationSeconds,
    connections: options.connections,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.method ? { method: options.method } : {}),
    ...(options.body ? { body: options.body } : {}),
    ...(options.requests ? { requests: options.requests } : {}),
  });
  return {
    name,
    url,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
