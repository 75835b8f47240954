import { z } from "zod";
import { defineWebhook, type Webhook } from "../../../../webhooks/webhook";
import twilio from "twilio";

/**
 * A gate and a status webhook standing in for the real ones in the carrier's own
 * tests: they check Twilio's signature with the carrier's secret, record every form
 * they are sent, and the gate dials (or rejects) as the test arranged.
 */
export const STAND_IN_SECRET = "stand-in-carrier-secret-0123456789abcdef";
export const STAND_IN_PUBLIC_URL = "http://localhost:3000";
export const STAND_IN_GATE_PATH = "/webhooks/stand-in/voice";
const STATUS_PATH = "/webhooks/stand-in/status";

export interface StandIn {
  webhooks: Webhook[];
  gateForms: Record<string, string>[];
  statusForms: Record<string, string>[];
  /** What the gate answers next: dial with this limit, or reject. */
  gate: { verb: "dial"; timeLimitSeconds: number } | { verb: "reject" };
}

const form = z.record(z.string(), z.string());

export function standInWebhooks(): StandIn {
  const standIn: StandIn = { webhooks: [], gateForms: [], statusForms: [], gate: { verb: "dial", timeLimitSeconds: 600 } };
  const verify = (path: string) => (request: { headers: Record<string, unknown>; body?: unknown }) => {
    const given = request.headers["x-twilio-signature"];
    if (typeof given !== "string") return "missing" as const;
    // Twilio's own validator: the carrier must sign exactly as Twilio does.
    return twilio.validateRequest(STAND_IN_SECRET, given, `${STAND_IN_PUBLIC_URL}${path}`, request.body as Record<string, string>) ? ("valid" as const) : ("invalid" as const);
  };
  standIn.webhooks = [
    defineWebhook({
      provider: "stand-in-gate",
      path: STAND_IN_GATE_PATH,
      verify: verify(STAND_IN_GATE_PATH),
      payload: form,
      eventId: (body) => body.CallSid ?? "",
      async handle(body) {
        standIn.gateForms.push(body);
        const gate = standIn.gate;
        const twiml =
          gate.verb === "reject"
            ? `<?xml version="1.0" encoding="UTF-8"?><Response><Reject reason="rejected"/></Response>`
            : `<?xml version="1.0" encoding="UTF-8"?><Response><Dial answerOnBridge="true" timeLimit="${gate.timeLimitSeconds}" callerId="+15005550006"><Number statusCallback="${STAND_IN_PUBLIC_URL}${STATUS_PATH}" statusCallbackMethod="POST" statusCallbackEvent="initiated ringing answered completed">${body.To ?? ""}</Number></Dial></Response>`;
        return { reply: { contentType: "text/xml", body: twiml } };
      },
    }),
    defineWebhook({
      provider: "stand-in-status",
      path: STATUS_PATH,
      verify: verify(STATUS_PATH),
      payload: form,
      eventId: (body) => `${body.ParentCallSid ?? ""}:${body.CallStatus ?? ""}`,
      async handle(body) {
        standIn.statusForms.push(body);
      },
    }),
  ];
  return standIn;
}
