import type { CallStatus } from "./calls";

export type CallCutOff = "balance" | "longest_call";

/**
 * Events pushed to a signed-in user's browser over /api/events (server-sent events).
 * Each feature adds its event types here so both sides agree on their shape.
 */
export interface LiveEventMap {
  /** The server asks the browser to drop cached data it no longer trusts (e.g. after an admin edit). */
  "cache.invalidate": {
    queryKey: string[];
    /**
     * Announced to every open page at once (a price change): each page reads again at a random
     * moment within this many milliseconds, so thousands of pages do not ask in the same instant.
     */
    spreadMs?: number;
  };
  /** The balance changed (a call settled, credit granted or bought); sent after the change commits. */
  balance: { balance: string };
  /**
   * A status event of one of the customer's calls, as stored in call_status_updates
   * (the spec's realtime INSERT on call_status_updates). `reason` says why the gate
   * refused a call (status failed); `costUsd` is set once a call settled.
   */
  "call.status": {
    callSid: string;
    status: CallStatus;
    talkDurationSeconds: number;
    toNumber: string;
    /** The customer's rate frozen on the call, 4 decimals. */
    ratePerMin: string;
    /** The seconds the carrier will let the call run (Dial timeLimit); set from initiated on. */
    timeLimitSeconds: number | null;
    costUsd: string | null;
    reason: string | null;
    /**
     * A completed outgoing call that talked its whole time limit was cut off by the carrier:
     * `balance` when the limit was what the balance paid for, `longest_call` when it was the
     * cap on any call's length. Null otherwise.
     */
    cutOff: CallCutOff | null;
  };
  /**
   * A live call's time limit was raised: credit added during the call (the spec's
   * credits-updated) pays for more talk, and the carrier will now let it run this long.
   */
  "call.limit": { callSid: string; timeLimitSeconds: number };
  /**
   * The customer's unread support replies changed: a reply arrived (the conversation has a new
   * message) or they read in another tab. The spec's 30 s unread poll stays as the fallback.
   */
  "support.unread": { count: number };
  /**
   * Sent to admins' streams only, never stored: a customer's call ended (`call`) or a balance
   * moved (`money`: a payment, refund, settlement or adjustment), so the back office's figures
   * are read again. It carries no customer's data; a missed one is made up by the dashboard's poll.
   */
  "admin.activity": { kind: "call" | "money" };
  /** The local carrier's signalling towards the browser's device (see api/local-carrier.ts). */
  "local_carrier.call": {
    callSid: string;
    state: "incoming" | "ringing" | "answered" | "ended";
    /** Incoming calls: who is calling, E.164. */
    from: string | null;
    /** Set when state is ended because of a failure or refusal (Twilio's numbering: 31486, 31603, …). */
    errorCode: number | null;
  };
}

export type LiveEventType = keyof LiveEventMap;

export interface LiveEvent<T extends LiveEventType = LiveEventType> {
  id: number;
  type: T;
  data: LiveEventMap[T];
}

export const LIVE_EVENTS_PATH = "/api/events";
