import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/**
 * The local carrier's signalling: how the browser's LocalVoiceDevice reaches the WebRTC
 * peer inside the server. It plays the part Twilio's own signalling plays for the Twilio
 * SDK, so every request carries the voice token (as Twilio's device does); the token's
 * identity must be the signed-in user (else 401 with code `token_invalid`, the device's 20101).
 *
 * Progress reaches the browser as `local_carrier.call` events on /api/events (any server
 * instance can serve the stream; the instance holding the peer publishes them).
 */
const callSid = z.string().regex(/^CA[0-9a-f]{32}$/);
const sdp = z.string().min(1).max(20_000);
const token = z.string().min(1).max(4096);

/** Dial: the browser's offer in, the carrier's answer out. The gate (voice webhook) has already run when this answers. */
export const localCarrierDial = defineEndpoint({
  method: "POST",
  path: "/api/local-carrier/calls",
  access: "user",
  summary: "Local carrier: place an outgoing call (WebRTC offer in, answer out)",
  // grant: the call grant that came with the token (the gate checks it), a call parameter as with Twilio.
  body: z.object({ token, to: z.string().min(1).max(40), sdp, grant: z.string().max(300).optional() }),
  response: z.object({ callSid, sdp }),
  status: 201,
});

/** Answer a call that rings the customer (incoming): the browser's offer in, the carrier's answer out. */
export const localCarrierAnswer = defineEndpoint({
  method: "POST",
  path: "/api/local-carrier/calls/:callSid/answer",
  access: "user",
  summary: "Local carrier: answer an incoming call",
  params: z.object({ callSid }),
  body: z.object({ token, sdp }),
  response: z.object({ callSid, sdp }),
});

/** Hang up, cancel while ringing, or decline an incoming call. Ending an ended call is not an error. */
export const localCarrierHangUp = defineEndpoint({
  method: "POST",
  path: "/api/local-carrier/calls/:callSid/hangup",
  access: "user",
  summary: "Local carrier: end, cancel or decline a call",
  params: z.object({ callSid }),
  body: z.object({ token }),
  response: z.object({ ended: z.boolean() }),
});

export const localCarrierDigits = defineEndpoint({
  method: "POST",
  path: "/api/local-carrier/calls/:callSid/digits",
  access: "user",
  summary: "Local carrier: send DTMF digits on a connected call",
  params: z.object({ callSid }),
  body: z.object({ token, digits: z.string().regex(/^[0-9*#]{1,32}$/) }),
  response: z.object({ sent: z.boolean() }),
});

/**
 * Tests only (LOCAL_CARRIER_CLOCK=adjustable; the route does not exist otherwise): moves the
 * local carrier's clock forward, so a call talks a billed minute in moments. Every live call
 * is measured again before it answers: one past its limit has ended at exactly its limit.
 */
export const localCarrierClockAdvance = defineEndpoint({
  method: "POST",
  path: "/api/local-carrier/clock",
  access: "user",
  summary: "Local carrier (tests): move its clock forward",
  body: z.object({ advanceSeconds: z.number().int().min(1).max(24 * 60 * 60) }),
  response: z.object({ now: z.string() }),
});

/**
 * What the device hears about a local call (the `local_carrier.call` live event).
 * `errorCode` follows Twilio's numbers so one error table serves both devices:
 * 31486 busy, 31480 unavailable, 31408 no answer, 31603 declined, 31404 not found,
 * 31503 service unavailable, 31005 connection failed.
 */
export const LOCAL_CALL_STATES = ["incoming", "ringing", "answered", "ended"] as const;
export type LocalCallState = (typeof LOCAL_CALL_STATES)[number];

/**
 * Test numbers: the outcome is chosen by the number's last four digits (any country).
 * Everything else is answered after a short ring and echoes the caller.
 */
export const LOCAL_TEST_SUFFIXES = {
  "0486": "busy",
  "0408": "no-answer",
  "0603": "declined",
  "0503": "failed",
  "0999": "long-ringing",
} as const;
