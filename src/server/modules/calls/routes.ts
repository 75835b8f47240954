import type { FastifyInstance } from "fastify";
import { voiceToken } from "../../../shared/api/calls";
import { requireViewer } from "../../http/access";
import { registerEndpoint } from "../../http/endpoint";
import type { Carrier } from "../../providers/telephony/carrier";

/** The voice token the browser's device registers with: identity = the user's id, for one hour. */
export function registerVoiceRoutes(app: FastifyInstance, carrier: Carrier): void {
  registerEndpoint(app, voiceToken, async ({ request }) => {
    const issued = carrier.voiceToken(requireViewer(request).userId);
    return { token: issued.token, identity: issued.identity, carrier: carrier.name, expiresAt: issued.expiresAt.toISOString() };
  });
}
