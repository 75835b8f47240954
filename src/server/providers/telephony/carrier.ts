import type { CarrierQuality } from "../../../shared/api/call-credits";
import type { CarrierName } from "../../../shared/api/calls";

/** The carrier's view of one call, for the reconcile job. */
export interface CarrierCall {
  /**
   * The carrier's status word: Twilio's (queued, ringing, in-progress, completed, busy,
   * no-answer, failed, canceled) or the same words from the local carrier.
   */
  status: string;
  /** Talk seconds of the dialled leg (0 until it was answered). */
  durationSeconds: number;
}

/**
 * A telephony carrier: Twilio when it is configured, else the local carrier inside
 * the server. Both sign their webhooks the same way (X-Twilio-Signature, keyed with
 * `webhookAuthToken`) and post them to the same handlers, so one code path gates and
 * settles every call.
 */
export interface Carrier {
  readonly name: CarrierName;
  /** The secret webhooks are signed with: Twilio's auth token, or the local carrier's generated secret. */
  readonly webhookAuthToken: string;
  /** The caller id the gate's Dial presents (TWILIO_CALLER_ID); left out, the local carrier's fixed one (callerIdOf). */
  readonly callerId?: string | null;
  voiceToken(userId: string): { token: string; identity: string; expiresAt: Date };
  /** The carrier's view of a call for the reconcile job (by the call log's call_sid); null if unknown. */
  fetchCall(callSid: string): Promise<CarrierCall | null>;
  /**
   * Live calls the carrier itself knows it dropped without a final word (the local carrier:
   * calls whose server instance stopped its heartbeat): the watch asks about them at once.
   * Twilio keeps its calls whatever happens to us, so it has none.
   */
  lostCalls?(): Promise<string[]>;
  /**
   * The call's media as the carrier itself measured it (the automatic call credit's evidence):
   * "pending" while the carrier has not said yet (ask again later), null when it never will
   * (it measured nothing, or keeps no such figures).
   */
  callQuality(callSid: string): Promise<CarrierQuality | "pending" | null>;
  /**
   * Hangs up a live call of the customer's from our side (a ban, decision 039): true when it was live
   * and is now ending. The carrier's final status event settles it as any hang-up does.
   */
  endCall(userId: string, callSid: string): Promise<boolean>;
  /** Ends what the carrier holds open (peers, timers) when the server stops. */
  close?(): Promise<void>;
}

/** A status the carrier will not change any more. */
export const FINAL_CARRIER_STATUSES = new Set(["completed", "busy", "no-answer", "failed", "canceled"]);

/** The longest a voice token lives: the device refreshes it before then (every 50 minutes). */
export const VOICE_TOKEN_TTL_SECONDS = 3600;

/** The caller id a carrier's calls present: its own, or for the local carrier its fixed test number. */
export function callerIdOf(carrier: Pick<Carrier, "name" | "callerId">): string | null {
  return carrier.callerId ?? (carrier.name === "local" ? LOCAL_CALLER_ID : null);
}

/** The caller id the local carrier presents on its calls (it reaches no real network). */
export const LOCAL_CALLER_ID = "+15005550006";
