import type { FastifyInstance } from "fastify";
import { postCarrierWebhook } from "../../providers/telephony/webhook-signature";
import { parseGateAnswer, STATUS_WEBHOOK_PATH, VOICE_WEBHOOK_PATH, type GateAnswer } from "./twiml";

/**
 * How a carrier that runs inside the server (the local carrier) talks to the call
 * webhooks: the very requests Twilio sends, signed the way Twilio signs them, posted
 * through the app itself, so one code path gates and settles calls on both carriers.
 */
export interface CarrierLink {
  app: FastifyInstance;
  /** The carrier's webhook secret (Carrier.webhookAuthToken). */
  secret: string;
  /** PUBLIC_URL: the signatures cover it. */
  publicUrl: string;
}

/** Asks the gate about a call the device places, with the device's call grant: dial (number, time limit to enforce, caller id) or reject. */
export async function askGate(link: CarrierLink, call: { callSid: string; userId: string; to: string; grant: string }): Promise<GateAnswer> {
  const answer = await postCarrierWebhook(link.app, {
    ...link,
    path: VOICE_WEBHOOK_PATH,
    params: { CallSid: call.callSid, From: `client:${call.userId}`, To: call.to, Direction: "inbound", Grant: call.grant },
  });
  if (answer.statusCode !== 200 || !answer.contentType.startsWith("text/xml")) {
    throw new Error(`the gate answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  }
  return parseGateAnswer(answer.body);
}

/** The status words a carrier reports (Twilio's): `in-progress` is the far end answering. */
export type CarrierStatusWord = "initiated" | "ringing" | "in-progress" | "completed" | "busy" | "no-answer" | "failed" | "canceled";

/**
 * Reports a call's progress to the status webhook. An outgoing call reports its dialled
 * leg (`legSid`, any sid of the carrier's) with `callSid` as its parent; an incoming call
 * (logIncomingCall) reports its own, single leg: leave `legSid` out. `talkSeconds` goes with
 * `completed`: the seconds since the far end answered. Answers whether the event was taken
 * (a duplicate of one already taken counts as taken).
 */
export async function reportCallStatus(
  link: CarrierLink,
  event: { callSid: string; legSid?: string; status: CarrierStatusWord; talkSeconds?: number; to?: string },
): Promise<{ accepted: boolean; statusCode: number; body: string }> {
  const params: Record<string, string> = event.legSid
    ? { CallSid: event.legSid, ParentCallSid: event.callSid, CallStatus: event.status }
    : { CallSid: event.callSid, CallStatus: event.status };
  if (event.status === "completed") params.CallDuration = String(Math.max(0, Math.floor(event.talkSeconds ?? 0)));
  if (event.to) params.To = event.to;
  params.Timestamp = new Date().toUTCString();
  const answer = await postCarrierWebhook(link.app, { ...link, path: STATUS_WEBHOOK_PATH, params });
  let outcome: unknown;
  try {
    outcome = (JSON.parse(answer.body) as { outcome?: unknown }).outcome;
  } catch {
    outcome = null;
  }
  return { accepted: answer.statusCode === 200 && (outcome === "processed" || outcome === "ignored"), statusCode: answer.statusCode, body: answer.body };
}
