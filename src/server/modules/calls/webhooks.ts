import { verifyCarrierSignature } from "../../providers/telephony/webhook-signature";
import { defineWebhook, type Webhook } from "../../webhooks/webhook";
import type { CallsDeps } from "./deps";
import { gateCall, voicePayload } from "./gate";
import { applyStatusEvent, statusEventId, statusPayload } from "./status-events";
import { STATUS_WEBHOOK_PATH, VOICE_WEBHOOK_PATH } from "./twiml";

/**
 * The two telephony webhooks, signed the Twilio way with the chosen carrier's secret.
 * What they log goes through the request's logger (its reqId on every line), and every line
 * names the call's sid (callSid), so a call can be followed from the gate to its settlement.
 * (The sid is not bound on a child logger: the lines already write it, and a key bound twice
 * appears twice in a JSON line.)
 */
export function callWebhooks(deps: CallsDeps): Webhook[] {
  const provider = deps.carrier.name === "twilio" ? "twilio" : "local-carrier";
  const verify = verifyCarrierSignature(() => deps.carrier.webhookAuthToken, deps.publicUrl);
  return [
    defineWebhook({
      provider,
      path: VOICE_WEBHOOK_PATH,
      verify,
      payload: voicePayload,
      eventId: (payload) => `voice:${payload.CallSid}`,
      eventType: () => "voice",
      handle: (payload, { tx, request }) => gateCall({ ...deps, log: request.log }, tx, payload),
    }),
    defineWebhook({
      provider,
      path: STATUS_WEBHOOK_PATH,
      verify,
      payload: statusPayload,
      eventId: statusEventId,
      eventType: (payload) => payload.CallStatus,
      handle: (payload, { tx, request }) => applyStatusEvent({ ...deps, log: request.log }, tx, payload),
    }),
  ];
}
