import type { FastifyInstance } from "fastify";
import { callQuote, voiceToken } from "../../../shared/api/calls";
import type { Database } from "../../db/client";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import type { Carrier } from "../../providers/telephony/carrier";
import type { RatesCatalog } from "../rates/catalog";
import { issueCallGrant } from "./call-grant";
import { quoteCallFor } from "./call-quote";

/**
 * The voice token the browser's device registers with (identity = the user's id, for one
 * hour) with the call grant that ties its calls to this sign-in (call-grant.ts), and the
 * quote its confirm dialog shows before a call.
 */
export function registerVoiceRoutes(app: FastifyInstance, deps: { carrier: Carrier; db: Database; rates: Pick<RatesCatalog, "quote">; grantSecret: string }): void {
  const { carrier } = deps;
  registerEndpoint(app, voiceToken, async ({ request }) => {
    const viewer = requireViewer(request);
    const issued = carrier.voiceToken(viewer.userId);
    // The grant lasts as long as the token, and no longer than the session it names (the gate checks that too).
    const grantExpiry = new Date(Math.min(issued.expiresAt.getTime(), viewer.sessionExpiresAt.getTime()));
    const grant = issueCallGrant(deps.grantSecret, { userId: viewer.userId, sessionId: viewer.sessionId, expiresAt: grantExpiry });
    return { token: issued.token, identity: issued.identity, grant, carrier: carrier.name, expiresAt: issued.expiresAt.toISOString() };
  });

  registerEndpoint(app, callQuote, async ({ request, body }) => quoteCallFor(deps.db, deps.rates, requireViewer(request).userId, body.number));
}
