import autocannon from "autocannon";

/**
 * The flood, in a process of its own so that driving it does not slow the client
 * whose latency is measured: `connections` connections asking for `path` with a new
 * query string every time (`?utm=<n>`), as one address did to slow everyone.
 * Prints one JSON line: requests, rate and status counts.
 * Usage: page-flood-client.ts <base url> <seconds> <connections> <path>
 */
const [base = "", seconds = "10", connections = "16", path = "/en/country/uk"] = process.argv.slice(2);
let next = 0;
const result = await autocannon({
  url: base,
  duration: Number(seconds),
  connections: Number(connections),
  requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: `${path}?utm=${Date.now()}-${next++}` }) }],
});
console.log(
  JSON.stringify({
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    ok: result["2xx"],
    refused: result["4xx"],
    serverErrors: result["5xx"],
    errors: result.errors + result.timeouts,
  }),
);
