import type { CallQuality, CarrierName } from "../../../shared/api/calls";

/**
 * What the call section needs from a browser voice device, whichever carrier is behind
 * it (Twilio's SDK or the local carrier's WebRTC peer inside our server). Error codes
 * follow Twilio's numbering for both, so one message table serves both.
 */

/** The spec's device states: idle, connecting, ringing, connected, disconnected (then idle after 1 s). */
export const DEVICE_STATES = ["idle", "connecting", "ringing", "connected", "disconnected"] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

/** How long "disconnected" shows before the device is idle again. */
export const DISCONNECTED_HOLD_MS = 1000;

/** A carrier or SDK error: Twilio's code (31486 busy, 20101 invalid token, …); `reason` is our server's refusal code when it gave one. */
export interface VoiceError {
  code: number;
  message: string;
  reason?: string;
}

export interface VoiceToken {
  token: string;
  identity: string;
  /** Sent with every call placed (the `Grant` call parameter): the server lets a call through only while this sign-in is live. */
  grant: string;
  carrier: CarrierName;
  /** ms since the epoch */
  expiresAt: number;
}

export type CallDirection = "outbound" | "inbound";

/** Twilio's Call.State names, which the local call uses too. */
export type CallHandleStatus = "pending" | "connecting" | "ringing" | "open" | "closed";

export interface VoiceCallEvents {
  /** The far end answered (outbound) or the incoming call was accepted. */
  accept: undefined;
  ringing: undefined;
  /** The call ended, for whatever reason (hang-up, cancel, reject, error). Fires once. */
  disconnect: undefined;
  /** An incoming call that was withdrawn before it was answered. */
  cancel: undefined;
  error: VoiceError;
}

/** One call, outbound or inbound. */
export interface VoiceCall {
  readonly direction: CallDirection;
  /** Incoming calls: who is calling, E.164. */
  readonly from: string | null;
  /** The carrier's call sid, once the carrier has given one. */
  callSid(): string | null;
  status(): CallHandleStatus;
  /** Answers an incoming call. */
  accept(): Promise<void>;
  /** Declines an incoming call. */
  reject(): void;
  /** Hangs up or cancels. Ending an ended call does nothing. */
  disconnect(): void;
  mute(muted: boolean): void;
  isMuted(): boolean;
  /** Sends DTMF tones; rejects when the carrier could not send them. */
  sendDigits(digits: string): Promise<void>;
  /** The media statistics gathered so far, summarised. */
  stats(): CallQuality;
  on<K extends keyof VoiceCallEvents>(event: K, listener: (payload: VoiceCallEvents[K]) => void): () => void;
}

export interface VoiceDeviceEvents {
  /** The device can place and receive calls. */
  registered: undefined;
  incoming: VoiceCall;
  error: VoiceError;
  /** The token expires in a few minutes: hand the device a new one with updateToken. */
  tokenWillExpire: undefined;
  state: DeviceState;
}

export interface VoiceDevice {
  readonly carrier: CarrierName;
  readonly state: DeviceState;
  /** Starts listening for calls; `registered` fires when the device is ready. */
  register(): Promise<void>;
  /** Places a call to an E.164 number. */
  connect(to: string): Promise<VoiceCall>;
  /** The call in progress (outbound or inbound), if any. */
  activeCall(): VoiceCall | null;
  updateToken(token: VoiceToken): void;
  destroy(): void;
  on<K extends keyof VoiceDeviceEvents>(event: K, listener: (payload: VoiceDeviceEvents[K]) => void): () => void;
}

/** Error codes that mean "the token is no longer good": 20101 invalid, 20104 expired. */
export const TOKEN_ERROR_CODES: readonly number[] = [20101, 20104];
