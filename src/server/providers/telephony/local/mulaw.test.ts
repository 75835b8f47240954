import { describe, expect, it } from "vitest";
import { linearToMulaw, MULAW_SILENCE, mulawToLinear } from "./mulaw";

describe("G.711 µ-law", () => {
  it("encodes the reference points of the standard", () => {
    expect(linearToMulaw(0)).toBe(0xff);
    expect(MULAW_SILENCE).toBe(0xff);
    expect(linearToMulaw(32_767)).toBe(0x80);
    expect(linearToMulaw(-32_768)).toBe(0x00);
    expect(linearToMulaw(-1)).toBe(0x7f);
    // The first segment boundary: 0..30 share the smallest step.
    expect(linearToMulaw(8)).toBe(0xfe);
  });

  it("decodes every byte back near the sample it stands for, keeping the sign", () => {
    for (let byte = 0; byte < 256; byte += 1) {
      const sample = mulawToLinear(byte);
      expect(linearToMulaw(sample)).toBe(byte === 0x7f ? 0xff : byte);
    }
  });

  it("keeps the quantisation error within the segment's step", () => {
    for (let sample = -32_000; sample <= 32_000; sample += 37) {
      const decoded = mulawToLinear(linearToMulaw(sample));
      // µ-law steps grow with the magnitude: at most 1/16 of it plus the smallest step.
      expect(Math.abs(decoded - sample)).toBeLessThanOrEqual(Math.abs(sample) / 16 + 8);
      if (Math.abs(sample) > 64) expect(Math.sign(decoded)).toBe(Math.sign(sample));
    }
  });

  it("clips what lies outside 16 bits instead of wrapping", () => {
    expect(linearToMulaw(100_000)).toBe(linearToMulaw(32_767));
    expect(linearToMulaw(-100_000)).toBe(linearToMulaw(-32_768));
  });
});
