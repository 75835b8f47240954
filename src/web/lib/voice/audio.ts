/** The spec's microphone: mono, 48 kHz, echo cancellation, noise suppression, automatic gain. */
export const AUDIO_CONSTRAINTS: MediaTrackConstraints = {
  channelCount: 1,
  sampleRate: 48_000,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
};

export class MicrophoneUnsupportedError extends Error {
  override name = "MicrophoneUnsupportedError";
}

/** Whether this browser can give a web page a microphone at all. */
export function microphoneSupported(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

/** Asks for the microphone with the spec's constraints; throws MicrophoneUnsupportedError without MediaDevices. */
export async function openMicrophone(): Promise<MediaStream> {
  if (!microphoneSupported()) {
    throw new MicrophoneUnsupportedError("MediaDevices API not supported in this browser");
  }
  return navigator.mediaDevices.getUserMedia({ audio: AUDIO_CONSTRAINTS, video: false });
}

/** Whether the person lets us use the microphone: asks once, then lets the stream go. */
export async function microphoneAllowed(open: () => Promise<MediaStream> = openMicrophone): Promise<boolean> {
  try {
    const stream = await open();
    for (const track of stream.getTracks()) track.stop();
    return true;
  } catch {
    return false;
  }
}
