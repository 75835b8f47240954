import { voiceToken } from "../../../shared/api/calls";
import { callApi } from "../api-client";
import type { VoiceToken } from "./voice-device";

/** The spec: a new token every 50 minutes (tokens live an hour). */
export const TOKEN_REFRESH_MS = 50 * 60_000;
/** A token this close to expiry is replaced before a call starts (an expired token can leave connect() pending forever). */
export const TOKEN_MIN_LIFETIME_MS = 2 * 60_000;

export class InvalidVoiceTokenError extends Error {
  override name = "InvalidVoiceTokenError";
}

/** The spec's generate-voice-token. */
export async function fetchVoiceToken(): Promise<VoiceToken> {
  const answer = await callApi(voiceToken);
  const expiresAt = Date.parse(answer.expiresAt);
  if (!answer.token || !Number.isFinite(expiresAt)) throw new InvalidVoiceTokenError("Invalid access token received");
  return { token: answer.token, identity: answer.identity, grant: answer.grant, carrier: answer.carrier, expiresAt };
}

export function tokenFresh(token: VoiceToken, now = Date.now()): boolean {
  return token.expiresAt - now > TOKEN_MIN_LIFETIME_MS;
}
