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

/** Asks for the microphone with the spec's constraints; throws MicrophoneUnsupportedError without MediaDevices. */
export async function openMicrophone(): Promise<MediaStream> {
  if (typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia) {
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
