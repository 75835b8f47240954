import { AppError } from "../../../http/app-error";
import { newCallSid } from "./call-sid";
import { tellDevice, type CarrierContext } from "./carrier-context";
import { LiveCall } from "./live-call";
import { answerOffer, MediaOfferError, type MediaPeer } from "./media-peer";
import { farEndOf } from "./test-numbers";
import { parseGateAnswer, type GateAnswer } from "../../../modules/calls/twiml";

export interface PlacedCall {
  callSid: string;
  sdp: string;
  /** Runs the call (ringing, the far end's outcome, the time limit): call it once the device has its answer. */
  start(): void;
}

/**
 * The device places a call: the carrier answers its offer, asks the gate (our voice
 * webhook, signed as Twilio signs) what to do, and then plays the far end the test
 * number chooses, posting each step of the dialled leg to the status webhook.
 */
export async function placeCall(
  context: CarrierContext,
  track: { add(call: LiveCall): void; remove(call: LiveCall): void },
  userId: string,
  to: string,
  offerSdp: string,
  params: { grant?: string } = {},
): Promise<PlacedCall> {
  const callSid = newCallSid();
  let peer: MediaPeer;
  try {
    peer = await answerOffer(offerSdp, { ...context.media, onEnded: () => void call.end(call.phase === "answered" ? "completed" : "canceled") });
  } catch (error) {
    if (error instanceof MediaOfferError) throw new AppError(400, "invalid_offer", error.message);
    throw error;
  }

  let gate: GateAnswer;
  try {
    const answer = await context.webhooks.post(`${context.publicUrl}${context.gatePath}`, {
      AccountSid: context.accountSid,
      ApiVersion: "2010-04-01",
      CallSid: callSid,
      CallStatus: "ringing",
      Direction: "inbound",
      Caller: `client:${userId}`,
      From: `client:${userId}`,
      To: to,
      // The device's own call parameter, passed on as Twilio passes a device's params.
      ...(params.grant ? { Grant: params.grant } : {}),
    });
    if (answer.statusCode !== 200) throw new Error(`the voice webhook answered ${answer.statusCode}`);
    gate = parseGateAnswer(answer.body);
  } catch (error) {
    await peer.close();
    context.log.error({ err: error, callSid }, "local carrier: the gate gave no usable answer");
    throw new AppError(503, "carrier_unavailable", "The call could not be placed just now. Please try again.");
  }

  if (gate.kind === "reject") {
    // The gate refused (and told the device why in a call.status event): the carrier declines the call.
    await context.store.create({ callSid, userId, direction: "outbound", remoteNumber: to, phase: "ended", finalStatus: "failed", endedAt: new Date() });
    return {
      callSid,
      sdp: peer.sdp,
      start: () => {
        void peer.close().then(() => tellDevice(context, userId, { callSid, state: "ended", from: null, errorCode: 31603 }));
      },
    };
  }

  await context.store.create({ callSid, userId, direction: "outbound", remoteNumber: gate.e164, phase: "ringing" });
  const call: LiveCall = new LiveCall(context, callSid, userId, "outbound", gate.e164, "ringing", (gone) => track.remove(gone));
  call.peer = peer;
  call.leg = { callSid: newCallSid(), number: gate.e164, callerId: gate.callerId, statusCallback: gate.statusCallbackUrl || null, timeLimitSeconds: gate.timeLimitSeconds };
  track.add(call);
  let started = false;
  return {
    callSid,
    sdp: peer.sdp,
    start: () => {
      if (started) return;
      started = true;
      void run(context, call).catch((error: unknown) => {
        context.log.error({ err: error, callSid }, "local carrier: the call failed");
        void call.end("failed", { errorCode: 31005 });
      });
    },
  };
}

async function run(context: CarrierContext, call: LiveCall): Promise<void> {
  const leg = call.leg;
  if (!leg) return;
  const farEnd = farEndOf(leg.number, context.timings);
  await call.postStatus("initiated");
  if (call.ended) return;
  if (farEnd.kind === "answer" || farEnd.rings) {
    await call.postStatus("ringing");
    if (call.ended) return;
    call.peer?.playRingback();
    await tellDevice(context, call.userId, { callSid: call.callSid, state: "ringing", from: null, errorCode: null });
  }
  if (farEnd.kind === "end") {
    call.after(farEnd.ringMs, () => call.end(farEnd.status, { errorCode: farEnd.errorCode, ...(farEnd.sipResponseCode ? { sipResponseCode: farEnd.sipResponseCode } : {}) }).then(() => undefined));
    return;
  }
  // The far end picks up after ringing for ringMs that the caller could hear: counted from when the media path is up
  // (connecting can outlast a short ring on a busy machine, and a caller would then never hear the ringback).
  await call.peer?.mediaFlowing;
  if (call.ended) return;
  call.after(farEnd.ringMs, async () => {
    if (!(await call.answered())) return;
    // The carrier enforces the gate's limit (raised if credit comes in during the call): at timeLimit seconds of talk it hangs up, whatever the browser does.
    call.enforceLimit();
  });
}
