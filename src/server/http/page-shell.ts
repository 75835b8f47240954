import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { PageLimit } from "./page-limit";

type Encoding = "br" | "gzip" | "identity";

/**
 * Writes a page's own head into index.html (site/page-head.ts), and a public page's content (page-render.ts); the shell as it is without them.
 * `limited`: the address is over its page limit, so the page gets its head and the limit's notice, never a render (page-limit.ts).
 */
export type PageRenderer = (html: string, pathname: string, status: 200 | 404, request: FastifyRequest, limited: boolean) => Promise<string>;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Pages kept compressed: ten languages of each public page and the most visited countries and posts. */
const CACHE_SIZE = 1000;
/**
 * How long a refusal of a page (429) is sent again as it was made, without writing the
 * page's head anew: a flood past the limit then costs little more than its count. A
 * refusal a few seconds behind a translation or a price change is harmless: the browser
 * renders the page from the API.
 */
const REFUSAL_REUSE_MS = 10_000;
/**
 * A refusal is held this long before it is sent. A client waits for each answer before
 * it asks again on that connection, so a flood past the limit slows to one request per
 * connection per second, where refusals sent at once were asked again at once, thousands
 * a second, and kept the event loop the API shares busy (decision 026).
 */
const REFUSAL_DELAY_MS = 1000;
/** At most this many refusals held at once; past that they are sent at once. */
const MAX_HELD_REFUSALS = 1000;

/**
 * The web app's index.html, the page every route of the app is served from, with
 * the head of the page asked for. Each page differs, so it is compressed per
 * response, and kept (most recently used first) in each encoding a browser may
 * accept. An entry is used only while the page's HTML is unchanged, so a rates
 * snapshot, a post or a translation that changes the head replaces it at the next request.
 */
export class PageShell {
  private readonly negotiator = new Negotiator<Encoding>({ supportedValues: ["br", "gzip", "identity"] });
  private readonly cache = new Map<string, { html: string; body: Buffer; madeAt: number }>();
  private heldRefusals = 0;

  constructor(
    private readonly html: string,
    private readonly render: PageRenderer = (html) => Promise.resolve(html),
    /** Pages per address; unlimited without one. */
    private readonly limit: PageLimit | null = null,
  ) {}

  /**
   * Answers the page at `pathname` with `status`, or with 429 and Retry-After when the
   * address is over its page limit (checked first: nothing else is spent on such a request);
   * HEAD gets the same headers and no body.
   */
  async send(request: FastifyRequest, reply: FastifyReply, pathname: string, status: 200 | 404): Promise<FastifyReply> {
    const retryAfter = this.limit === null ? null : this.limit(request);
    const answered = retryAfter === null ? status : 429;
    const encoding = this.negotiator.negotiate(request.headers["accept-encoding"] ?? "identity") ?? "identity";
    const key = `${answered} ${encoding} ${pathname}`;
    const recentRefusal = retryAfter === null ? undefined : this.cache.get(key);
    let body: Buffer;
    if (recentRefusal !== undefined && Date.now() - recentRefusal.madeAt < REFUSAL_REUSE_MS) {
      body = recentRefusal.body;
    } else {
      let html = this.html;
      try {
        html = await this.render(this.html, pathname, status, request, retryAfter !== null);
      } catch (error) {
        // The page still works as the bare shell, with the shell's own head, while its words cannot be read (the database is away) or it cannot be rendered.
        request.log.error({ err: error }, "rendering the page");
      }
      // A refusal of a known page is kept too, beside the page itself.
      body = await this.body(html, key, encoding, status === 200);
    }
    if (retryAfter !== null) {
      reply.header("retry-after", String(retryAfter));
      if (this.heldRefusals < MAX_HELD_REFUSALS) {
        this.heldRefusals += 1;
        await sleep(REFUSAL_DELAY_MS).finally(() => (this.heldRefusals -= 1));
      }
    }
    reply
      .status(answered)
      .type("text/html; charset=utf-8")
      // Short-lived: a new release must reach people on their next visit.
      .header("cache-control", "no-cache")
      // A 404 at an address without a language is written in the visitor's (their cookie, else their browser's languages).
      .header("vary", status === 404 ? "Accept-Encoding, Accept-Language, Cookie" : "Accept-Encoding")
      .header("content-length", String(body.length));
    if (encoding !== "identity") reply.header("content-encoding", encoding);
    return reply.send(request.method === "HEAD" ? undefined : body);
  }

  /** Unknown addresses are not kept: anyone could fill the cache with them. */
  private async body(html: string, key: string, encoding: Encoding, keep: boolean): Promise<Buffer> {
    const cached = this.cache.get(key);
    if (cached?.html === html) {
      // Most recently used last, so the oldest is first to go; found the same as made just now.
      cached.madeAt = Date.now();
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached.body;
    }
    const plain = Buffer.from(html, "utf8");
    const body =
      encoding === "br"
        ? await brotli(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } })
        : encoding === "gzip"
          ? await gzipAsync(plain, { level: 9 })
          : plain;
    if (keep) {
      this.cache.delete(key);
      this.cache.set(key, { html, body, madeAt: Date.now() });
      if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    }
    return body;
  }
}
