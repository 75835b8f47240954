import { describe, expect, it } from "vitest";
import { mulawToLinear } from "./mulaw";
import { FRAME_MS, ringbackFrame, ringbackSounds, SAMPLE_RATE, SAMPLES_PER_FRAME } from "./ringback";
import { dtmfFrames } from "./dtmf";

/** The strength of one frequency in a block of samples (Goertzel), relative to the block's length. */
function power(samples: number[], frequency: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / SAMPLE_RATE);
  let previous = 0;
  let beforeThat = 0;
  for (const sample of samples) {
    const current = sample + coefficient * previous - beforeThat;
    beforeThat = previous;
    previous = current;
  }
  return (previous * previous + beforeThat * beforeThat - coefficient * previous * beforeThat) / samples.length ** 2;
}

const decode = (frames: Buffer[]) => frames.flatMap((frame) => [...frame].map(mulawToLinear));

describe("the ringback tone", () => {
  it("is 20 ms frames of 160 µ-law bytes", () => {
    expect(FRAME_MS).toBe(20);
    expect(SAMPLES_PER_FRAME).toBe(160);
    expect(ringbackFrame(0)).toHaveLength(160);
    expect(ringbackFrame(150)).toHaveLength(160);
  });

  it("sounds two seconds, then is silent four, and repeats every six", () => {
    const sounding = Array.from({ length: 600 }, (_, index) => ringbackSounds(index));
    expect(sounding.slice(0, 100).every(Boolean)).toBe(true);
    expect(sounding.slice(100, 300).some(Boolean)).toBe(false);
    expect(sounding.slice(300, 400).every(Boolean)).toBe(true);
    expect(sounding.slice(400, 600).some(Boolean)).toBe(false);
    expect([...ringbackFrame(100)].every((byte) => mulawToLinear(byte) === 0)).toBe(true);
  });

  it("holds 440 Hz and 480 Hz and little else while it sounds", () => {
    const samples = decode(Array.from({ length: 10 }, (_, index) => ringbackFrame(index)));
    const at440 = power(samples, 440);
    const at480 = power(samples, 480);
    expect(at440).toBeGreaterThan(1e6);
    expect(at480 / at440).toBeGreaterThan(0.8);
    expect(at480 / at440).toBeLessThan(1.25);
    for (const other of [350, 620, 1000]) expect(power(samples, other)).toBeLessThan(at440 / 100);
  });

  it("runs on in phase from one frame to the next (no click at frame edges)", () => {
    const samples = decode([ringbackFrame(3), ringbackFrame(4)]);
    const jumps = samples.slice(1).map((sample, index) => Math.abs(sample - (samples[index] ?? 0)));
    // The largest step between neighbouring samples is the same at the frame edge as inside a frame.
    expect(jumps[159]).toBeLessThanOrEqual(Math.max(...jumps.slice(0, 159), ...jumps.slice(160)) + 64);
  });
});

describe("DTMF key tones", () => {
  it("plays each key's two frequencies for 100 ms with a gap after it", () => {
    const frames = dtmfFrames("5#");
    expect(frames).toHaveLength(16);
    const five = decode(frames.slice(0, 5));
    expect(power(five, 770)).toBeGreaterThan(100 * power(five, 697));
    expect(power(five, 1336)).toBeGreaterThan(100 * power(five, 1477));
    const hash = decode(frames.slice(8, 13));
    expect(power(hash, 941)).toBeGreaterThan(100 * power(hash, 852));
    expect(power(hash, 1477)).toBeGreaterThan(100 * power(hash, 1336));
    expect(decode(frames.slice(5, 8)).every((sample) => sample === 0)).toBe(true);
  });

  it("refuses what is not a key", () => {
    expect(() => dtmfFrames("5A")).toThrow(RangeError);
  });
});
