import type { FastifyInstance } from "fastify";
import { callQuote, voiceToken } from "../../../shared/api/calls";
import type { Database } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import type { Carrier } from "../../providers/telephony/carrier";
import type { RatesCatalog } from "../rates/catalog";
import { quoteCallFor } from "./call-quote";

/**
 * The voice token the browser's device registers with (identity = the user's id, for one
 * hour), and the quote its confirm dialog shows before a call.
 */
export function registerVoiceRoutes(app: FastifyInstance, deps: { carrier: Carrier; db: Database; rates: Pick<RatesCatalog, "quote"> }): void {
  const { carrier } = deps;
  registerEndpoint(app, voiceToken, async ({ request }) => {
    const issued = carrier.voiceToken(requireViewer(request).userId);
    return { token: issued.token, identity: issued.identity, carrier: carrier.name, expiresAt: issued.expiresAt.toISOString() };
  });

  registerEndpoint(app, callQuote, async ({ request, body }) => quoteCallFor(deps.db, deps.rates, requireViewer(request).userId, body.number));
}
