import { AppError } from "../../../http/app-error";
import { newCallSid } from "./call-sid";
import { tellDevice, type CarrierContext } from "./carrier-context";
import { LiveCall, type FinalStatus } from "./live-call";
import { answerOffer, MediaOfferError } from "./media-peer";

export type RecordInbound = (call: LiveCall, status: FinalStatus | "answered" | "ringing", talkSeconds: number) => Promise<void>;

interface Tracker {
  add(call: LiveCall): void;
  remove(call: LiveCall): void;
  get(callSid: string): LiveCall | undefined;
}

/**
 * Someone rings the customer: every device of theirs hears `incoming` with the
 * caller's number. The call rings until a device answers (on whichever server
 * instance that request reaches), the customer declines, or the caller gives up.
 * Incoming calls are free; they are recorded in the history with cost 0.
 */
export async function ringCustomer(
  context: CarrierContext,
  tracker: Tracker,
  record: RecordInbound | undefined,
  userId: string,
  from: string,
  callSid = newCallSid(),
): Promise<{ callSid: string }> {
  await context.store.create({ callSid, userId, direction: "inbound", remoteNumber: from, phase: "incoming" });
  const call = new LiveCall(context, callSid, userId, "inbound", from, "incoming", (gone) => tracker.remove(gone), record);
  tracker.add(call);
  await record?.(call, "ringing", 0);
  // The caller gives up after a while (on the carrier's clock).
  call.ringFor(context.incomingRingMs);
  await tellDevice(context, userId, { callSid, state: "incoming", from, errorCode: null });
  return { callSid };
}

/** A device answers an incoming call: its offer in, the carrier's answer out; from then on the caller is the echo. */
export async function answerIncoming(context: CarrierContext, tracker: Tracker, record: RecordInbound | undefined, userId: string, callSid: string, offerSdp: string): Promise<{ callSid: string; sdp: string }> {
  const stored = await context.store.find(callSid);
  if (!stored || stored.userId !== userId || stored.direction !== "inbound") throw new AppError(404, "call_not_found", "There is no such call");
  if (stored.phase !== "incoming") throw new AppError(409, "call_not_ringing", "This call is no longer ringing");

  // The instance that rang the customer may be another one: the call this instance holds is a new object for the same row.
  const ringing = tracker.get(callSid);
  const call = ringing ?? new LiveCall(context, callSid, userId, "inbound", stored.remoteNumber, "incoming", (gone) => tracker.remove(gone), record);
  try {
    call.peer = await answerOffer(offerSdp, { ...context.media, onEnded: () => void call.end(call.phase === "answered" ? "completed" : "canceled") });
  } catch (error) {
    if (error instanceof MediaOfferError) throw new AppError(400, "invalid_offer", error.message);
    throw error;
  }
  if (!ringing) tracker.add(call);
  if (!(await call.answered())) {
    await call.peer.close();
    tracker.remove(call);
    throw new AppError(409, "call_not_ringing", "This call is no longer ringing");
  }
  call.clearTimers();
  // Free, but not endless: the carrier's own cap, on its clock like an outgoing call's limit.
  call.enforceLimit();
  return { callSid, sdp: call.peer.sdp };
}
