import type { CarrierQuality } from "../../../../shared/api/call-credits";

/**
 * What the carrier measures of the audio it receives, as RFC 3550 defines it for a
 * receiver report: packets expected from the sequence numbers (extended over their
 * 16-bit wrap, A.1) against packets received, and the interarrival jitter, a running
 * mean of how much each packet's transit time differs from the previous one's (A.8).
 * The figures are the carrier's own: the automatic call credit may trust them, as it
 * may never trust the browser's report.
 */
export class RtpReceiveStats {
  private received = 0;
  private baseSequence = 0;
  private highestExtended = 0;
  private cycles = 0;
  private lastTransit: number | undefined;
  /** In the codec's timestamp units, as the RFC keeps it. */
  private jitter = 0;

  constructor(private readonly clockRate: number) {}

  /** One packet: its sequence number and RTP timestamp, and when it arrived (milliseconds on any steady clock). */
  record(sequenceNumber: number, timestamp: number, arrivalMs: number): void {
    if (this.received === 0) {
      this.baseSequence = sequenceNumber;
      this.highestExtended = sequenceNumber;
    } else {
      const highest = this.highestExtended & 0xffff;
      const delta = (sequenceNumber - highest) & 0xffff;
      // Ahead by less than half the sequence space: newer (wrapping past 65535 starts a new cycle); else a late one.
      if (delta !== 0 && delta < 0x8000) {
        if (sequenceNumber < highest) this.cycles += 0x10000;
        this.highestExtended = this.cycles + sequenceNumber;
      }
    }
    this.received += 1;
    const transit = (arrivalMs * this.clockRate) / 1000 - timestamp;
    if (this.lastTransit !== undefined) {
      const difference = Math.abs(transit - this.lastTransit);
      this.jitter += (difference - this.jitter) / 16;
    }
    this.lastTransit = transit;
  }

  /** The call's figures so far; null before any audio arrived (nothing was measured). */
  quality(): CarrierQuality | null {
    if (this.received === 0) return null;
    const expected = this.highestExtended - this.baseSequence + 1;
    const lost = Math.max(0, expected - this.received);
    return {
      packetLossPercent: round2((lost / expected) * 100),
      jitterMs: round2((this.jitter / this.clockRate) * 1000),
    };
  }
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
