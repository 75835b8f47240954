import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

type Encoding = "br" | "gzip" | "identity";

/**
 * The web app's index.html, the page every route of the app is served from, kept in
 * memory in each encoding a browser may accept (Brotli, gzip, none), compressed once
 * at start-up rather than per request.
 */
export class PageShell {
  private readonly bodies: Record<Encoding, Buffer>;
  private readonly negotiator = new Negotiator<Encoding>({ supportedValues: ["br", "gzip", "identity"] });

  constructor(html: string) {
    const plain = Buffer.from(html, "utf8");
    this.bodies = {
      br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      gzip: gzipSync(plain, { level: 9 }),
      identity: plain,
    };
  }

  /** Answers the page with `status`; HEAD gets the same headers and no body. */
  send(request: FastifyRequest, reply: FastifyReply, status: number): FastifyReply {
    const encoding = this.negotiator.negotiate(request.headers["accept-encoding"] ?? "identity") ?? "identity";
    const body = this.bodies[encoding];
    reply
      .status(status)
      .type("text/html; charset=utf-8")
      // Short-lived: a new release must reach people on their next visit.
      .header("cache-control", "no-cache")
      .header("vary", "Accept-Encoding")
      .header("content-length", String(body.length));
    if (encoding !== "identity") reply.header("content-encoding", encoding);
    return reply.send(request.method === "HEAD" ? undefined : body);
  }
}
