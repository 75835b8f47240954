import { randomUUID } from "node:crypto";
import type { FastifyServerOptions } from "fastify";

/** What a proxy's X-Request-Id may look like to be taken as ours: short, and nothing a log line could be bent with. */
const ACCEPTED_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** Every answer says which id its log lines carry (request-intake.ts), so a report of a failure can be found in the log. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * Every request's id (Fastify's reqId, on each of its log lines): the one the proxy in
 * front of us sent in X-Request-Id when we trust a proxy (TRUST_PROXY) and it looks
 * like an id, else a fresh UUID, unique across instances. A client reaching the server
 * directly cannot choose the id its lines are filed under.
 */
export function requestIdOptions(trustProxy: unknown): Pick<FastifyServerOptions, "genReqId" | "requestIdHeader"> {
  const trusted = trustProxy !== false;
  return {
    // Fastify would take the header as it came; genReqId checks it first.
    requestIdHeader: false,
    genReqId: (request) => {
      const offered = request.headers[REQUEST_ID_HEADER];
      return trusted && typeof offered === "string" && ACCEPTED_ID.test(offered) ? offered : randomUUID();
    },
  };
}
