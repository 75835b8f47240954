import { linearToMulaw, MULAW_SILENCE } from "./mulaw";

/**
 * The North American ringback tone: 440 Hz + 480 Hz, two seconds on, four off,
 * as 20 ms frames of G.711 µ-law at 8 kHz (160 bytes each). Frame n is always the
 * same bytes, so a frame can be rebuilt for any moment of the cadence and the tone's
 * phase runs on across frames.
 */
export const SAMPLE_RATE = 8000;
export const FRAME_MS = 20;
export const SAMPLES_PER_FRAME = (SAMPLE_RATE * FRAME_MS) / 1000;
export const RINGBACK_ON_MS = 2000;
export const RINGBACK_PERIOD_MS = 6000;
const FREQUENCIES = [440, 480] as const;
// Each tone at about -13 dBFS: clearly audible, far from clipping when the two add up.
const AMPLITUDE = 0.22 * 32_767;

const FRAMES_ON = RINGBACK_ON_MS / FRAME_MS;
const FRAMES_PER_PERIOD = RINGBACK_PERIOD_MS / FRAME_MS;

/** True while frame `index` (counted from the tone's start) falls in the two seconds of sound. */
export function ringbackSounds(index: number): boolean {
  return index % FRAMES_PER_PERIOD < FRAMES_ON;
}

const silentFrame = Buffer.alloc(SAMPLES_PER_FRAME, MULAW_SILENCE);

/** The µ-law payload of frame `index` of the ringback tone. */
export function ringbackFrame(index: number): Buffer {
  if (!ringbackSounds(index)) return silentFrame;
  const frame = Buffer.alloc(SAMPLES_PER_FRAME);
  const first = index * SAMPLES_PER_FRAME;
  for (let i = 0; i < SAMPLES_PER_FRAME; i += 1) {
    const t = (first + i) / SAMPLE_RATE;
    let sample = 0;
    for (const frequency of FREQUENCIES) sample += AMPLITUDE * Math.sin(2 * Math.PI * frequency * t);
    frame[i] = linearToMulaw(sample);
  }
  return frame;
}
