import { linearToMulaw, MULAW_SILENCE } from "./mulaw";
import { SAMPLE_RATE, SAMPLES_PER_FRAME } from "./ringback";

/**
 * DTMF key tones (ITU-T Q.23) as G.711 µ-law frames: each key 100 ms of its two
 * frequencies, then 60 ms of silence. The local carrier plays a caller's keys back
 * to them, the way an echo line would return them.
 */
const ROWS = [697, 770, 852, 941] as const;
const COLUMNS = [1209, 1336, 1477] as const;
const KEYPAD = ["123", "456", "789", "*0#"] as const;
const TONE_FRAMES = 5;
const GAP_FRAMES = 3;
const AMPLITUDE = 0.25 * 32_767;

function frequencies(key: string): [number, number] {
  for (const [row, keys] of KEYPAD.entries()) {
    const column = keys.indexOf(key);
    if (column >= 0) return [ROWS[row] ?? 0, COLUMNS[column] ?? 0];
  }
  throw new RangeError(`Not a DTMF key: ${key}`);
}

/** The frames that play `digits` (0-9, *, #), 20 ms each. */
export function dtmfFrames(digits: string): Buffer[] {
  const frames: Buffer[] = [];
  for (const key of digits) {
    const [low, high] = frequencies(key);
    for (let f = 0; f < TONE_FRAMES; f += 1) {
      const frame = Buffer.alloc(SAMPLES_PER_FRAME);
      for (let i = 0; i < SAMPLES_PER_FRAME; i += 1) {
        const t = (f * SAMPLES_PER_FRAME + i) / SAMPLE_RATE;
        frame[i] = linearToMulaw(AMPLITUDE * (Math.sin(2 * Math.PI * low * t) + Math.sin(2 * Math.PI * high * t)));
      }
      frames.push(frame);
    }
    for (let f = 0; f < GAP_FRAMES; f += 1) frames.push(Buffer.alloc(SAMPLES_PER_FRAME, MULAW_SILENCE));
  }
  return frames;
}
