import { localCarrierAnswer, localCarrierDial, localCarrierDigits, localCarrierHangUp } from "../../../shared/api/local-carrier";
import type { LiveEventMap } from "../../../shared/api/live-events";
import { ApiError, callApi } from "../api-client";
import { onLiveEvent } from "../live-events";
import type { VoiceError } from "./voice-device";

export type LocalCallEvent = LiveEventMap["local_carrier.call"];

/** How the local device reaches the carrier inside our server: our API out, live events in. */
export interface LocalSignalling {
  dial(token: string, to: string, sdp: string, grant: string): Promise<{ callSid: string; sdp: string }>;
  answer(token: string, callSid: string, sdp: string): Promise<{ callSid: string; sdp: string }>;
  hangUp(token: string, callSid: string): Promise<void>;
  sendDigits(token: string, callSid: string, digits: string): Promise<void>;
  /** Hears the carrier's `local_carrier.call` events; returns the function that stops listening. */
  listen(listener: (event: LocalCallEvent) => void): () => void;
}

export const apiSignalling: LocalSignalling = {
  dial: (token, to, sdp, grant) => callApi(localCarrierDial, { body: { token, to, sdp, grant } }),
  answer: (token, callSid, sdp) => callApi(localCarrierAnswer, { params: { callSid }, body: { token, sdp } }),
  hangUp: async (token, callSid) => {
    await callApi(localCarrierHangUp, { params: { callSid }, body: { token } });
  },
  sendDigits: async (token, callSid, digits) => {
    const { sent } = await callApi(localCarrierDigits, { params: { callSid }, body: { token, digits } });
    if (!sent) throw new Error("digits not sent");
  },
  listen: (listener) => onLiveEvent("local_carrier.call", listener),
};

/**
 * A signalling failure in the device's numbering: a refused token is Twilio's 20101,
 * an unreachable server 31005 (connection failed); our refusal code rides along as `reason`.
 */
export function signallingError(error: unknown): VoiceError {
  if (error instanceof ApiError) {
    if (error.code === "token_invalid" || error.status === 401) return { code: 20101, message: error.message };
    if (error.code === "network_error") return { code: 31005, message: error.message };
    return { code: 31005, message: error.message, reason: error.code };
  }
  return { code: 31005, message: error instanceof Error ? error.message : String(error) };
}
