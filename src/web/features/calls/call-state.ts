import type { CallStatus } from "../../../shared/api/calls";
import type { CallCutOff, LiveEventMap } from "../../../shared/api/live-events";
import { MAX_CALL_SECONDS } from "../../../shared/calls/call-length";
import { parseMoney, type Money } from "../../../shared/money";
import type { VoiceError } from "../../lib/voice/voice-device";

/**
 * The life of one call on screen, as the spec tells it: connecting, ringing, connected
 * (answered: the clock runs), ended with the server's outcome. The device (the browser's
 * call) and the server (its status events) both move it, and the server's callbacks can
 * come late, twice or out of order: a call only ever moves forward (a late "ringing"
 * leaves an answered call answered, a second end changes nothing).
 */

export type CallPhase = "connecting" | "ringing" | "connected";
/** A call's phases in the order it passes them. */
const PHASE_ORDER = ["connecting", "ringing", "connected", "ended"] as const;
export type CallStage = (typeof PHASE_ORDER)[number];

export type CallOutcome = Exclude<CallStatus, "initiated" | "ringing" | "answered">;
export type StatusEvent = LiveEventMap["call.status"];

export interface CallRecord {
  /** Which call this is: events of an earlier call carry its key and change nothing. */
  key: number;
  direction: "outbound" | "inbound";
  to: string | null;
  from: string | null;
  /** The carrier's call sid, once the device or the server told it. */
  sid: string | null;
  stage: CallStage;
  answeredAt: number | null;
  rate: Money;
  startingBalance: Money;
  /** The seconds the carrier lets the call run: the quote's, then the server's (call.status, call.limit). */
  limitSeconds: number | null;
  /** The server has told this call's limit (until then it is the quote's). */
  limitHeard: boolean;
  muted: boolean;
  /** The device's call is closed (until then an ended call still has a line to hang up). */
  deviceEnded: boolean;
  /** The server's final status; null until it says. */
  outcome: CallOutcome | null;
  /** The running meter ended the call: which limit was spent (the balance's, or the longest call's). */
  endedByMeter: CallCutOff | null;
  /** The person was already told why the call ended (one message per call's end). */
  told: boolean;
}

/** What to tell the person; `id` grows with each, so each is shown once. */
export type CallNotice =
  | { id: number; kind: "initiated" }
  | { id: number; kind: "device_error"; error: VoiceError }
  | { id: number; kind: "unanswered"; status: "busy" | "declined" | "no-answer" | "failed"; reason: string | null }
  | { id: number; kind: "completed"; status: StatusEvent; inbound: boolean; cutOff: CallCutOff | null }
  | { id: number; kind: "balance_spent" };
type NoticeBody = CallNotice extends infer N ? (N extends unknown ? Omit<N, "id"> : never) : never;

export interface CallState {
  /** The current call, or the last one once it ended (kept for the server's final word on it). */
  call: CallRecord | null;
  /** The clock the talk time is read from (ms since the epoch), set from the answer on. */
  now: number;
  /** A call the person is asked to rate. */
  ratingFor: string | null;
  /** The last call ended because the balance was spent. */
  balanceSpent: boolean;
  notice: CallNotice | null;
}

export interface CallBegun {
  key: number;
  direction: "outbound" | "inbound";
  to: string | null;
  from: string | null;
  sid: string | null;
  rate: Money;
  balance: Money;
  limitSeconds: number | null;
}

export type CallEvent =
  | { type: "started"; call: CallBegun }
  | { type: "device_ringing"; key: number; sid: string | null }
  | { type: "device_accepted"; key: number; sid: string | null; at: number }
  | { type: "device_error"; key: number; error: VoiceError }
  | { type: "device_disconnected"; key: number; sid: string | null }
  | { type: "hung_up"; key: number }
  | { type: "server_status"; status: StatusEvent; at: number }
  | { type: "limit_raised"; callSid: string; timeLimitSeconds: number }
  /** Credit arrived during the call: the balance it started from rises by it. */
  | { type: "credit_added"; amount: Money }
  | { type: "muted"; key: number; muted: boolean }
  /** The meter says the call's limit is spent: the call ends itself. */
  | { type: "limit_spent" }
  | { type: "tick"; at: number }
  | { type: "rating_closed" };

export const INITIAL_CALL_STATE: CallState = { call: null, now: 0, ratingFor: null, balanceSpent: false, notice: null };

export function isLive(call: CallRecord | null): call is CallRecord & { stage: CallPhase } {
  return call !== null && call.stage !== "ended";
}


export function callReducer(state: CallState, event: CallEvent): CallState {
  switch (event.type) {
    case "started":
      return { ...state, balanceSpent: false, call: begin(event.call) };
    case "server_status":
      return heard(state, event.status, event.at);
    case "limit_raised": {
      const { call } = state;
      return isLive(call) && call.sid === event.callSid ? withCall(state, { ...call, limitSeconds: Math.max(call.limitSeconds ?? 0, event.timeLimitSeconds), limitHeard: true }) : state;
    }
    case "credit_added": {
      const { call } = state;
      return isLive(call) && call.direction === "outbound" && event.amount > 0 ? withCall(state, { ...call, startingBalance: call.startingBalance + event.amount }) : state;
    }
    case "limit_spent":
      return spent(state);
    case "tick":
      return event.at === state.now ? state : { ...state, now: event.at };
    case "rating_closed":
      return state.ratingFor === null ? state : { ...state, ratingFor: null };
    default: {
      // The device's events are about one call: an earlier call's change nothing.
      const call = state.call?.key === event.key ? state.call : null;
      return call ? fromDevice(state, call, event) : state;
    }
  }
}

type DeviceEvent = Extract<CallEvent, { key: number }>;

function fromDevice(state: CallState, call: CallRecord, event: DeviceEvent): CallState {
  switch (event.type) {
    case "device_ringing":
      return withCall(state, advance(known(call, event.sid), "ringing"));
    case "device_accepted":
      return answered(withCall(state, known(call, event.sid)), event.at);
    case "device_error":
      // The device's reason shows unless the call's end was told already (the server's word comes after and replaces it).
      return call.told ? state : tell(withCall(state, { ...call, told: true }), { kind: "device_error", error: event.error });
    case "device_disconnected":
      return withCall(state, { ...advance(known(call, event.sid), "ended"), deviceEnded: true });
    case "hung_up":
      return withCall(state, advance(call, "ended"));
    case "muted":
      return isLive(call) ? withCall(state, { ...call, muted: event.muted }) : state;
  }
}

function begin({ balance, ...call }: CallBegun): CallRecord {
  return { ...call, startingBalance: balance, stage: "connecting", answeredAt: null, limitHeard: false, muted: false, deviceEnded: false, outcome: null, endedByMeter: null, told: false };
}

function withCall(state: CallState, call: CallRecord): CallState {
  return call === state.call ? state : { ...state, call };
}

function known(call: CallRecord, sid: string | null): CallRecord {
  return sid === null || sid === call.sid ? call : { ...call, sid };
}

/** Moves a call to a later stage; never back. */
function advance(call: CallRecord, stage: CallStage): CallRecord {
  return PHASE_ORDER.indexOf(stage) > PHASE_ORDER.indexOf(call.stage) ? { ...call, stage } : call;
}

function tell(state: CallState, notice: NoticeBody): CallState {
  return { ...state, notice: { ...notice, id: (state.notice?.id ?? 0) + 1 } as CallNotice };
}

/** The far end answered: the clock starts (once; a second answer keeps the first time). */
function answered(state: CallState, at: number): CallState {
  const { call } = state;
  if (!isLive(call) || call.stage === "connected") return state;
  return { ...state, now: at, call: { ...call, stage: "connected", answeredAt: at } };
}

/** Whether a server event is about this call: by sid, or by the number while the sid is not known yet. */
function isAbout(call: CallRecord, status: StatusEvent): boolean {
  return call.sid === status.callSid || (call.sid === null && call.to !== null && call.to === status.toNumber);
}

function heard(state: CallState, status: StatusEvent, at: number): CallState {
  const { call } = state;
  if (!call || !isAbout(call, status)) return state;
  if (call.outcome !== null) return state;
  let next: CallRecord = { ...call, sid: status.callSid };
  if (isLive(call)) {
    next = {
      ...next,
      rate: status.ratePerMin ? parseMoney(status.ratePerMin) : call.rate,
      // The server's limit replaces the quote's (the balance may have moved since); after that it only rises.
      limitSeconds: status.timeLimitSeconds === null ? call.limitSeconds : call.limitHeard ? Math.max(call.limitSeconds ?? 0, status.timeLimitSeconds) : status.timeLimitSeconds,
      limitHeard: call.limitHeard || status.timeLimitSeconds !== null,
    };
  }
  const moved = { ...state, call: next };
  if (status.status === "initiated") {
    // The server took the call (nothing charged yet); said while the call has not been answered.
    return call.stage === "connecting" || call.stage === "ringing" ? tell(moved, { kind: "initiated" }) : moved;
  }
  if (status.status === "ringing") return withCall(moved, advance(next, "ringing"));
  if (status.status === "answered") return answered(moved, at);
  // Every other status is a call's end.
  const ended: CallRecord = { ...advance(next, "ended"), outcome: status.status };
  return settled({ ...moved, call: ended }, ended, status);
}

/** The server's final word on a call: the bill, or why it did not go through. */
function settled(state: CallState, call: CallRecord, status: StatusEvent): CallState {
  switch (status.status) {
    case "completed": {
      // The server knows when the carrier cut the call at its limit; the meter knows when it ended the call itself for that.
      const rated = call.direction === "outbound" && status.talkDurationSeconds > 0 ? { ...state, ratingFor: status.callSid } : state;
      return tell(rated, { kind: "completed", status, inbound: call.direction === "inbound", cutOff: status.cutOff ?? call.endedByMeter });
    }
    case "busy":
    case "declined":
    case "no-answer":
      return tell({ ...state, call: { ...call, told: true } }, { kind: "unanswered", status: status.status, reason: null });
    case "failed":
      // A failure the device already explained (its own code) keeps that message; a refusal's reason replaces it.
      if (call.told && status.reason === null) return state;
      return tell({ ...state, call: { ...call, told: true } }, { kind: "unanswered", status: "failed", reason: status.reason });
    default:
      return state;
  }
}

/** The spec: the call ends itself when the balance is spent (or when it reached the longest a call may last). */
function spent(state: CallState): CallState {
  const { call } = state;
  if (!isLive(call) || call.stage !== "connected") return state;
  const longest = (call.limitSeconds ?? 0) >= MAX_CALL_SECONDS;
  const ended: CallRecord = { ...call, stage: "ended", endedByMeter: longest ? "longest_call" : "balance", told: true };
  // The longest call's end is told by the completed toast that follows; a spent balance also by the notice under the dialler.
  return longest ? { ...state, call: ended } : tell({ ...state, call: ended, balanceSpent: true }, { kind: "balance_spent" });
}
