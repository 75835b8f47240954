/**
 * G.711 µ-law (PCMU), the codec every WebRTC browser accepts: 8 kHz, one byte per sample.
 * Only the carrier's own tones are encoded here; the caller's audio is echoed untouched.
 */
const BIAS = 0x84;
const CLIP = 32_635;

/** One 16-bit linear sample (-32768…32767) to its µ-law byte. */
export function linearToMulaw(sample: number): number {
  let value = Math.max(-32_768, Math.min(32_767, Math.round(sample)));
  const sign = value < 0 ? 0x80 : 0;
  if (sign) value = -value;
  value = Math.min(value, CLIP) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (value & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
  const mantissa = (value >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** A µ-law byte back to a linear sample (for tests and for measuring what was sent). */
export function mulawToLinear(byte: number): number {
  const inverted = ~byte & 0xff;
  const exponent = (inverted >> 4) & 0x07;
  const magnitude = ((((inverted & 0x0f) << 3) + BIAS) << exponent) - BIAS;
  return inverted & 0x80 ? -magnitude : magnitude;
}

/** The µ-law byte of silence. */
export const MULAW_SILENCE = linearToMulaw(0);
