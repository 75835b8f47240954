import { LocalVoiceDevice } from "./local-voice-device";
import { TwilioVoiceDevice } from "./twilio-voice-device";
import type { VoiceDevice, VoiceToken } from "./voice-device";

/** The device for the carrier the server chose (the token says which). */
export function createVoiceDevice(token: VoiceToken): VoiceDevice {
  return token.carrier === "twilio" ? new TwilioVoiceDevice(token) : new LocalVoiceDevice(token);
}
