import { connect } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * HTTP/1.1 over a bare socket: the request line carries the target exactly as
 * written (fetch(), node:http and app.inject may tidy dot segments, backslashes
 * or encodings on the way), so tests can send what an attacker would.
 */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  json(): unknown;
}

export interface RawRequest {
  method?: string;
  /** The request target, byte for byte: "/api/auth/sign-in/./email". */
  target: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
}

export async function rawRequest(port: number, request: RawRequest): Promise<RawResponse> {
  const payload = request.body === undefined ? "" : JSON.stringify(request.body);
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: "close",
    ...(request.body === undefined ? {} : { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) }),
    ...request.headers,
  };
  const head = [`${request.method ?? "GET"} ${request.target} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  const bytes = Buffer.from(`${head.join("\r\n")}\r\n\r\n${payload}`, "latin1");

  const raw = await new Promise<Buffer>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks)));
    socket.on("error", reject);
    socket.write(bytes);
  });
  return parseResponse(raw);
}

function parseResponse(raw: Buffer): RawResponse {
  const split = raw.indexOf("\r\n\r\n");
  if (split === -1) throw new Error(`no HTTP response head in ${JSON.stringify(raw.toString("latin1").slice(0, 200))}`);
  const [statusLine = "", ...lines] = raw.subarray(0, split).toString("latin1").split("\r\n");
  const status = Number(statusLine.split(" ")[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  let body = raw.subarray(split + 4);
  if (headers["transfer-encoding"]?.toLowerCase() === "chunked") body = unchunk(body);
  const text = body.toString("utf8");
  return { status, headers, body: text, json: () => JSON.parse(text) as unknown };
}

function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", at);
    if (lineEnd === -1) break;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Starts the app listening on a free local port (for raw requests) and answers that port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("the server did not open a TCP port");
  return address.port;
}
