import net from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  /** Sent exactly as written: no client normalizes or encodes it. */
  path: string;
  headers?: Record<string, string>;
  /** Bytes as they are: invalid UTF-8 stays invalid. */
  body?: string | Buffer;
}

/**
 * One HTTP/1.1 request over a plain socket, for what a friendly client would fix
 * or refuse to send (a malformed Host header, raw bytes). A `host` header given
 * here replaces the default one, and an empty string sends an empty Host.
 */
export function rawRequest(port: number, request: RawRequest): Promise<RawAnswer> {
  const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, "utf8");
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: "close",
    ...(body === undefined ? {} : { "content-type": "application/json", "content-length": String(body.length) }),
    ...request.headers,
  };
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n")}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, "127.0.0.1", () => socket.write(body === undefined ? Buffer.from(head, "latin1") : Buffer.concat([Buffer.from(head, "latin1"), body])));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const answer = Buffer.concat(chunks);
      const headEnd = answer.indexOf("\r\n\r\n");
      const [statusLine = "", ...headerLines] = answer.subarray(0, headEnd < 0 ? answer.length : headEnd).toString("latin1").split("\r\n");
      const status = Number(statusLine.split(" ")[1]);
      if (headEnd < 0 || !Number.isInteger(status)) return reject(new Error(`no HTTP answer: ${JSON.stringify(answer.toString("latin1").slice(0, 200))}`));
      const answerHeaders: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        answerHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const rawBody = answer.subarray(headEnd + 4);
      const bytes = answerHeaders["transfer-encoding"] === "chunked" ? unchunk(rawBody) : rawBody;
      resolve({ status, headers: answerHeaders, body: bytes.toString("utf8") });
    });
  });
}

function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf("\r\n", at);
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString("latin1"), 16);
    if (lineEnd < 0 || !(size > 0)) return Buffer.concat(parts);
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
