import type { FastifyInstance } from "fastify";
import { localCarrierAnswer, localCarrierDial, localCarrierDigits, localCarrierHangUp } from "../../../../shared/api/local-carrier";
import { requireViewer } from "../../../http/access";
import { AppError } from "../../../http/app-error";
import { registerEndpoint } from "../../../http/endpoint";
import type { LocalCarrierCalls } from "./local-carrier";

/** Reads a voice token the local carrier signed: its identity, or null when it is forged or expired. */
export type VerifyVoiceToken = (token: string) => { identity: string } | null;

/**
 * The local carrier's signalling (shared/api/local-carrier.ts): what Twilio's own
 * signalling is to its SDK. Each request carries the device's voice token, as
 * Twilio's device does, and the token must name the signed-in customer.
 */
export function registerLocalCarrierRoutes(app: FastifyInstance, calls: LocalCarrierCalls, verifyToken: VerifyVoiceToken): void {
  const caller = (request: Parameters<typeof requireViewer>[0], token: string): string => {
    const viewer = requireViewer(request);
    const verified = verifyToken(token);
    if (!verified || verified.identity !== viewer.userId) throw new AppError(401, "token_invalid", "The voice token is not valid for this account. Please try again.");
    return viewer.userId;
  };

  registerEndpoint(app, localCarrierDial, async ({ body, request, reply }) => {
    const placed = await calls.dial(caller(request, body.token), body.to, body.sdp, { grant: body.grant });
    // The call starts ringing once the device holds the answer, so its events never arrive before the call's sid does.
    void reply.then(placed.start, placed.start);
    return { callSid: placed.callSid, sdp: placed.sdp };
  });

  registerEndpoint(app, localCarrierAnswer, async ({ params, body, request }) => calls.answer(caller(request, body.token), params.callSid, body.sdp));

  registerEndpoint(app, localCarrierHangUp, async ({ params, body, request }) => ({ ended: await calls.hangUp(caller(request, body.token), params.callSid) }));

  registerEndpoint(app, localCarrierDigits, async ({ params, body, request }) => ({ sent: await calls.sendDigits(caller(request, body.token), params.callSid, body.digits) }));
}
